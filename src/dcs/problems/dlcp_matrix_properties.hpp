#pragma once
// Matrix classes that decide which LCP solution is selected and whether it exists
// ([GS], [PL]; docs/dlcp.md): Z (off-diagonal entries <= 0), P (all principal minors
// positive) and positive semidefinite (x^T M x >= 0).

#include <optional>

#include "dcs/types.hpp"

namespace relcp::dcs {

// The largest off-diagonal entry; M is a Z-matrix exactly when it is <= 0 (-inf for 1 x 1).
double largest_off_diagonal(const DenseMatrix& M);
bool is_z_matrix(const DenseMatrix& M);

// Exact answer when decidable: every principal minor is checked for n <= 16; for a Z-matrix of
// any size the leading principal minors decide (a Z-matrix is P exactly when it is a
// nonsingular M-matrix). Otherwise true when the symmetric part is positive definite or M is
// strictly row diagonally dominant with positive diagonal, and nullopt (unknown) if neither.
// Minors count as positive above 1e-12 times the scale of M.
std::optional<bool> is_p_matrix(const DenseMatrix& M);

// x^T M x >= 0 for all x: the smallest eigenvalue of (M + M^T)/2 >= -1e-12 |M|.
bool is_positive_semidefinite(const DenseMatrix& M);

}  // namespace relcp::dcs
