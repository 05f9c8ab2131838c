#pragma once
// Reader of Siconos numerics' RollingFrictionContact files in local form (what its
// rollingFrictionContact_newFromFile reads), three-dimensional rolling contacts:
//
//   5                 dimension: rows per contact (normal, two tangential, two rolling)
//   nc                number of contacts, >= 1
//   s                 storage of W: 0 = dense, 1 = sparse block (siconos_sparse_block_reader.hpp);
//                     2 (Siconos' CSparse printout, 6 significant digits) is refused
//   5 nc              rows of W
//   5 nc              columns of W
//   ...               dense: rows and columns again, then the (5 nc)^2 values of W column by
//                     column (Siconos' column-major order, written a column a line); sparse
//                     block: its block section
//   q                 5 nc values
//   mu                nc friction coefficients, finite and >= 0
//   mu_r              nc rolling friction coefficients, finite and >= 0
//
// Outside the sparse-block section numbers may be split over lines as one likes (Siconos reads
// them with fscanf). What follows mu_r is not read. Errors are relcp::InputError with the file,
// the 1-based line and a key.

#include <filesystem>
#include <string>
#include <string_view>

#include "lcp/friction/rolling_friction_problem.hpp"

namespace relcp::lcp {

RollingFrictionProblem read_siconos_rolling_friction_dat(const std::filesystem::path& file);

// The same from text already in memory; `file` names it in error messages.
RollingFrictionProblem parse_siconos_rolling_friction_dat(std::string_view text, const std::string& file);

// True when the text's first white-space separated token is the integer 5, the dimension of a
// RollingFrictionContact file (a FrictionContact3D file starts with 3): how `relcp_lcp friction`
// tells the two kinds apart.
bool looks_like_siconos_rolling_friction_dat(std::string_view text);

}  // namespace relcp::lcp
