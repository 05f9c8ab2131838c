#pragma once
// Small random matrix families for the solver tests (header only). Pair them with
// erleben::make_lcp (lcp/problems/erleben_generators.hpp) to plant a known solution.

#include <cmath>
#include <random>
#include <vector>

#include <Eigen/SparseCore>

#include "lcp/types.hpp"

namespace relcp::lcp::testing {

// Entries uniform in [-1, 1].
inline DenseMatrix random_uniform_matrix(Index rows, Index cols, std::mt19937_64& random) {
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  DenseMatrix A(rows, cols);
  for (Index j = 0; j < cols; ++j) {
    for (Index i = 0; i < rows; ++i) A(i, j) = uniform(random);
  }
  return A;
}

// Symmetric positive definite: B^T B / n + smallest_eigenvalue I.
inline DenseMatrix random_spd_matrix(Index n, double smallest_eigenvalue, std::mt19937_64& random) {
  const DenseMatrix B = random_uniform_matrix(n, n, random);
  DenseMatrix A = B.transpose() * B / static_cast<double>(n);
  A.diagonal().array() += smallest_eigenvalue;
  return A;
}

// Symmetric positive semidefinite of the given rank: B^T B with B rank x n.
inline DenseMatrix random_psd_matrix(Index n, Index rank, std::mt19937_64& random) {
  const DenseMatrix B = random_uniform_matrix(rank, n, random);
  return B.transpose() * B;
}

// Non-symmetric with positive definite symmetric part (so a P-matrix): SPD + skew-symmetric.
inline DenseMatrix random_nonsymmetric_p_matrix(Index n, std::mt19937_64& random) {
  const DenseMatrix K = random_uniform_matrix(n, n, random);
  return random_spd_matrix(n, 0.5, random) + (K - K.transpose());
}

// Sparse, strictly row diagonally dominant with positive diagonal (an H-matrix with positive
// diagonal, hence a P-matrix): `per_row` off-diagonal entries uniform in [-1, 1] per row, in
// columns within `bandwidth` of the diagonal (0: anywhere), symmetrised when asked, then
// M_ii = 1 + sum_j |M_ij|. Random columns fill in badly under sparse factorizations; a band
// keeps them cheap.
inline SparseMatrix random_diagonally_dominant_matrix(Index n, int per_row, bool symmetric, std::mt19937_64& random,
                                                      Index bandwidth = 0) {
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  const Index reach = bandwidth > 0 ? bandwidth : n;
  std::uniform_int_distribution<Index> offset(-reach, reach);
  std::vector<Eigen::Triplet<double, int>> entries;
  for (Index i = 0; i < n; ++i) {
    for (int k = 0; k < per_row; ++k) {
      const Index j = bandwidth > 0 ? i + offset(random) : (i + offset(random) + 2 * n) % n;
      if (j < 0 || j >= n) continue;
      if (j == i) continue;
      const double value = uniform(random);
      entries.emplace_back(static_cast<int>(i), static_cast<int>(j), value);
      if (symmetric) entries.emplace_back(static_cast<int>(j), static_cast<int>(i), value);
    }
  }
  SparseMatrix M(n, n);
  M.setFromTriplets(entries.begin(), entries.end());
  Vector row_sums = Vector::Zero(n);
  for (Index i = 0; i < n; ++i) {
    for (SparseMatrix::InnerIterator it(M, i); it; ++it) row_sums[i] += std::abs(it.value());
  }
  SparseMatrix shifted = M;
  shifted += (row_sums.array() + 1.0).matrix().asDiagonal();
  shifted.makeCompressed();
  return shifted;
}

}  // namespace relcp::lcp::testing
