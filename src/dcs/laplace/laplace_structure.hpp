#pragma once
// Structure of a DLCP that lets the Laplace iteration diagonalize A by fast sine transforms
// (the Signorini problem of [PL] Sec. 4.2 and App. A; docs/dlcp.md):
//   A = scale (I (x) T + T (x) I),  T = tridiag(1, -2, 1) of size side (the 5-point Dirichlet
//   Laplacian on a side x side grid, unknowns stacked with the first index fastest), and
//   B = I (x) u: column q of B is the profile u in block q (for Signorini u = (c/dx^2) E_1).

#include <optional>

#include "dcs/problems/dlcp_problem.hpp"
#include "dcs/types.hpp"

namespace relcp::dcs {

struct SeparableLaplacian {
  int side = 0;
  double scale = 0.0;  // > 0
};

// The match is exact up to 1e-12 relative to the scale.
std::optional<SeparableLaplacian> detect_separable_laplacian(const RowSparseMatrix& A);

// u when B = I_side (x) u (B is side^2 x side), nullopt otherwise.
std::optional<Vector> detect_block_profile(const RowSparseMatrix& B, int side);

// s with f = (I (x) u) s, when f lies in that range up to 1e-12 relative; nullopt otherwise.
std::optional<Vector> block_profile_coordinates(const Vector& f, const Vector& profile);

}  // namespace relcp::dcs
