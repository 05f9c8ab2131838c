#pragma once
// The matrix of a Siconos `.dat` file in sparse-block storage (NumericsMatrix storage flag 1,
// the layout written for a SparseBlockStructuredMatrix), read after the header lines
// n, 1, rows, columns:
//
//   B                 number of stored blocks (0: M is zero and no other block line follows)
//   R                 number of block rows
//   C                 number of block columns
//   r_1 ... r_R       where the block rows end: block row i holds rows r_(i-1) .. r_i - 1
//                     (r_0 = 0, strictly increasing, r_R = n)
//   c_1 ... c_C       the same for the block columns (c_C = n)
//   R+1               length of the row pointers
//   B                 length of the column indices
//   p_0 ... p_R       row pointers: block row i holds blocks p_i .. p_(i+1) - 1 (p_0 = 0, p_R = B)
//   j_0 ... j_(B-1)   block column of each block, in [0, C), no block column twice in a row
//   k                 then each block k = 0 .. B-1: a line with its number k, then its
//   v ...             rows x columns values column by column, on one or more lines (Siconos
//                     writes one a line)
//
// Each list stands on one line. Exact zeros are not stored, so nonzeros() equals that of the
// dense twin. Errors are relcp::InputError with the file, the 1-based line and a key.

#include "lcp/io/numbered_line_reader.hpp"
#include "lcp/types.hpp"

namespace relcp::lcp {

// n must fit an int (the SparseMatrix index type); the caller checks it.
SparseMatrix read_sparse_block_matrix(text::NumberedLineReader& lines, Index n);

}  // namespace relcp::lcp
