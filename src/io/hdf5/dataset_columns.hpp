#pragma once
// Whole row datasets (hdf5_rows.hpp) read by one process into flat row-major columns, and the
// rows of a 3-column one as vectors: what the serial snapshot readers build bodies and contacts
// from.

#include <hdf5.h>

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include "core/types.hpp"
#include "io/hdf5/hdf5_rows.hpp"

namespace relcp::io {

// All `rows` rows of dataset `name` (1-D when columns == 0), read with the default transfer.
template <typename T>
std::vector<T> read_all_rows(hid_t location, const std::string& name, hid_t memory_type, hsize_t rows,
                             hsize_t columns) {
  std::vector<T> values(rows * std::max<hsize_t>(columns, 1));
  hdf5::read_rows(location, name, memory_type, 0, rows, columns, values.data(), H5P_DEFAULT);
  return values;
}

// Row `row` of a 3-column dataset read by read_all_rows, as a vector.
inline Vec3 vec3_at(const std::vector<double>& column, std::size_t row) {
  return {column[3 * row], column[3 * row + 1], column[3 * row + 2]};
}

}  // namespace relcp::io
