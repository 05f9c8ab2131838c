#pragma once
// Ports of the synthetic test-matrix generators of Erleben's num4lcp (matlab/make_*.m), used by
// his LCP course notes (2013) for the fluid, contact, PD and PSD experiments, plus a corrected
// make_lcp whose planted x is a true solution. Randomness comes from a seeded std::mt19937_64
// (not Matlab's stream), so the matrices follow the same recipes but not the same digits.
// Deviations from the Matlab code are listed in docs/lcp.md.
//
// Erleben writes y = A x + b; relcp's LcpProblem is w = M z + q with M = A, q = b.

#include <cstdint>
#include <random>

#include "lcp/problem.hpp"
#include "lcp/types.hpp"

namespace relcp::lcp::erleben {

using Random = std::mt19937_64;

// Uniform in the open interval (0, 1), like Matlab's rand; portable across standard libraries.
double uniform_open(Random& random);

// make_banded_matrix(B, N): identity plus B off-diagonal bands, band b holding one value in
// (-1, 0) on both sides; shifted so that lambda_min = 0.5 when it was <= 0. Symmetric PD.
SparseMatrix make_banded_matrix(int bands, Index n, Random& random);

// make_fluid_matrix(G) = make_banded_matrix(3, G^3). Note: offsets 0, +-1, +-2, +-3, not a
// true 3-D 7-point Laplacian (offsets +-1, +-G, +-G^2).
SparseMatrix make_fluid_matrix(int grid, Random& random);

// make_blocked_matrix(B, K, F): N = B K, A = (R + R^T)/2 with R uniform; block (i, j) is zeroed
// when the entry at the block centres exceeds F; then the same lambda_min = 0.5 shift.
DenseMatrix make_blocked_matrix(int block_size, int blocks, double fill, Random& random);

// make_contact_matrix(K): make_blocked_matrix(6, K, 0.5) with, in every non-zero block, the
// fill pattern of a Stewart-Trinkle contact block (1 normal, 4 friction directions, 1 slack):
// mu = 0.5, the +-e couplings and a zero diagonal entry in every slack row. Non-symmetric.
DenseMatrix make_contact_matrix(int contacts, Random& random);

// make_pd_matrix(N): O diag(1/N, 2/N, ..., 1) O^T, O the left singular vectors of a uniform
// random N x N matrix (Matlab's orth), symmetrised. Dense, cond = N.
DenseMatrix make_pd_matrix(Index n, Random& random);

// make_psd_matrix(N, ratio): as make_pd_matrix with the first floor(N ratio) eigenvalues 0.
DenseMatrix make_psd_matrix(Index n, double zero_ratio, Random& random);

// The smallest eigenvalue of a symmetric matrix: dense, by Eigen's self-adjoint eigensolver;
// sparse, by bisection on whether A - sigma I has a Cholesky factor (O(nnz) per step for banded
// matrices, so the fluid family scales to N = 8000), accurate to about 1e-12 relative.
double smallest_eigenvalue(const SparseMatrix& symmetric);
double smallest_eigenvalue(const DenseMatrix& symmetric);

// make_lcp(A, F), corrected. x_i = r_i with r uniform in (0, 1), set to 0 where r_i < F. Then
// b_i = -(A x)_i where x_i > 0, and b_i = -(A x)_i + s_i with s_i uniform in (0, 1) where
// x_i = 0, so that x >= 0, y = A x + b >= 0 and x^T y = 0: x is a true solution (Erleben's
// original set b_i = 0 there, which leaves y_i = (A x)_i possibly negative).
struct PlantedSolution {
  Vector x;
  Vector b;
};
PlantedSolution make_lcp(const DenseMatrix& A, double zero_fraction, Random& random);
PlantedSolution make_lcp(const SparseMatrix& A, double zero_fraction, Random& random);

// A generated problem with its planted solution. Every experiment of [E] uses F = 0.25.
struct GeneratedLcp {
  LcpProblem problem;
  Vector solution;
};
inline constexpr double kZeroFraction = 0.25;

GeneratedLcp make_fluid_lcp(int grid, std::uint64_t seed);                  // N = G^3, sparse
GeneratedLcp make_contact_lcp(int contacts, std::uint64_t seed);            // N = 6 K, dense
GeneratedLcp make_pd_lcp(Index n, std::uint64_t seed);                      // dense
GeneratedLcp make_psd_lcp(Index n, double zero_ratio, std::uint64_t seed);  // dense

}  // namespace relcp::lcp::erleben
