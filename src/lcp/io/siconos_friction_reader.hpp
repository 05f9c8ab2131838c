#pragma once
// Reader of Siconos numerics' FrictionContact files in local form (frictionContact_newFromFile),
// three-dimensional contacts only:
//
//   3                 dimension: rows per contact (2-D problems are refused)
//   nc                number of contacts, >= 1
//   s                 storage of W: 0 = dense, 1 = sparse block (siconos_sparse_block_reader.hpp)
//   3 nc              rows of W
//   3 nc              columns of W
//   ...               dense: rows and columns again, then the (3 nc)^2 values of W column by
//                     column (Siconos' column-major order); sparse block: its block section
//   q                 3 nc values
//   mu                nc friction coefficients, finite and >= 0
//
// Outside the sparse-block section (whose lists stand one per line), numbers are separated by
// any white space and may be split over lines as one likes, as Siconos reads them with fscanf;
// Siconos' own files put a column per line, or a value per line with blank lines between
// columns. What follows mu is not read (Siconos' files often end with one more integer).
// Errors are relcp::InputError with the file, the 1-based line and a key.

#include <filesystem>
#include <string>
#include <string_view>

#include "lcp/friction/friction_contact_problem.hpp"

namespace relcp::lcp {

FrictionContactProblem read_siconos_friction_dat(const std::filesystem::path& file);

// The same from text already in memory; `file` names it in error messages.
FrictionContactProblem parse_siconos_friction_dat(std::string_view text, const std::string& file);

}  // namespace relcp::lcp
