#pragma once
// Reader of Siconos numerics' LCP files (linearComplementarity_newFromFile), dense storage:
//
//   n                 line 1: the size
//   0                 storage flag: 0 = dense, 1 = sparse block (siconos_sparse_block_reader.hpp)
//   n                 rows of M
//   n                 columns of M
//   n<TAB>n           rows and columns again (dense storage only)
//   ...               n lines of n numbers: M in Siconos' column-major order, so line k holds
//                     COLUMN k of M (see docs/lcp.md; this matters for non-symmetric M)
//   q_1 ... q_n       q, whitespace separated, on one or more lines
//   notes             optional free text after q (Siconos' own test files carry some)
//
// With storage 1 the sparse-block lines replace the dimension pair and the columns, and M is
// returned in sparse storage. Blank lines are skipped. Errors are relcp::InputError with the
// file and the 1-based line.

#include <filesystem>
#include <string>
#include <string_view>

#include "lcp/problem.hpp"

namespace relcp::lcp {

LcpProblem read_siconos_dat(const std::filesystem::path& file);

// The same from text already in memory; `file` names it in error messages.
LcpProblem parse_siconos_dat(std::string_view text, const std::string& file);

}  // namespace relcp::lcp
