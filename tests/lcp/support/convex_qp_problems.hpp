#pragma once
// Random LCPs with a symmetric positive (semi)definite M and a planted solution, for the
// projected-gradient (QP) solver tests. Deterministic for a given seed.

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "lcp/problem.hpp"
#include "lcp/types.hpp"

namespace relcp::lcp::testing {

// An LCP together with one of its solutions (the only one when M is positive definite).
struct PlantedLcp {
  LcpProblem problem;
  Vector solution;
};

// A strictly complementary pair (z*, w*): z*_i in [0.5, 1.5], w*_i = 0 on about half the
// entries; z*_i = 0, w*_i in [0.5, 1.5] on the rest. Setting q = w* - M z* plants z*.
struct ComplementaryPair {
  Vector z;
  Vector w;
};

inline ComplementaryPair random_complementary_pair(Index n, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> magnitude(0.5, 1.5);
  std::bernoulli_distribution active(0.5);
  ComplementaryPair pair{Vector::Zero(n), Vector::Zero(n)};
  for (Index i = 0; i < n; ++i) {
    (active(rng) ? pair.z[i] : pair.w[i]) = magnitude(rng);
  }
  return pair;
}

// M = B^T B / n + shift I with B dense standard normal: eigenvalues in about [shift, 4 + shift].
// shift = 0 and rank < n give a singular positive semidefinite M = B^T B / n with B rank x n.
inline DenseMatrix random_gram_matrix(Index n, Index rank, double shift, std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  DenseMatrix B(rank, n);
  for (Index j = 0; j < n; ++j) {
    for (Index i = 0; i < rank; ++i) B(i, j) = normal(rng);
  }
  DenseMatrix M = B.transpose() * B / static_cast<double>(n);
  M = (M + M.transpose()).eval() / 2.0;  // exactly symmetric
  M.diagonal().array() += shift;
  return M;
}

inline PlantedLcp planted_dense_lcp(Index n, std::uint64_t seed, double shift = 0.1, Index rank = -1) {
  std::mt19937_64 rng(seed);
  const DenseMatrix M = random_gram_matrix(n, rank < 0 ? n : rank, shift, rng);
  ComplementaryPair planted = random_complementary_pair(n, rng);
  Vector q = planted.w - M * planted.z;
  return {LcpProblem(M, std::move(q)), std::move(planted.z)};
}

// M = D^T D + shift I with D sparse (2n x n, `per_row` standard normal entries per row in random
// columns): the sparsity of a contact operator D^T M D.
inline SparseMatrix random_sparse_gram_matrix(Index n, int per_row, double shift, std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  std::uniform_int_distribution<Index> column(0, n - 1);
  std::vector<Eigen::Triplet<double>> entries;
  for (Index row = 0; row < 2 * n; ++row) {
    for (int k = 0; k < per_row; ++k) entries.emplace_back(row, column(rng), normal(rng));
  }
  SparseMatrix D(2 * n, n);
  D.setFromTriplets(entries.begin(), entries.end());
  SparseMatrix M = SparseMatrix(D.transpose()) * D;
  SparseMatrix identity(n, n);
  identity.setIdentity();
  M += shift * identity;
  M.makeCompressed();
  return M;
}

inline PlantedLcp planted_sparse_lcp(Index n, std::uint64_t seed, double shift = 0.1, int per_row = 3) {
  std::mt19937_64 rng(seed);
  const SparseMatrix M = random_sparse_gram_matrix(n, per_row, shift, rng);
  ComplementaryPair planted = random_complementary_pair(n, rng);
  Vector q = planted.w - M * planted.z;
  return {LcpProblem(M, std::move(q)), std::move(planted.z)};
}

}  // namespace relcp::lcp::testing
