#pragma once
// Body-space LCPs built in the tests: random rows on random bodies, and a loaded chain with a
// known solution, with the dense A and the natural residual to check solutions against.

#include <Eigen/Core>
#include <Eigen/SparseCore>
#include <cstdint>
#include <random>
#include <vector>

#include "collision/body_space/body_space_lcp.hpp"

namespace relcp::collision::testing {

inline Eigen::MatrixXd dense_A(const BodySpaceLcp& lcp) {
  const Eigen::MatrixXd R(lcp.jacobian);
  return lcp.scale * R * lcp.mobility.asDiagonal() * R.transpose();
}

inline double natural_residual(const BodySpaceLcp& lcp, const Eigen::VectorXd& c, const Eigen::VectorXd& gamma) {
  const Eigen::VectorXd w =
      lcp.scale * (lcp.jacobian * lcp.mobility.cwiseProduct(lcp.jacobian.transpose() * gamma)) + c;
  return gamma.cwiseMin(w).cwiseAbs().maxCoeff();
}

// `rows` random rows on `bodies` bodies with 3 DOFs each: a pair's row has 6 entries, every
// fifth row is a wall row with 3; mobilities in [0.5, 2].
inline BodySpaceLcp random_lcp(int bodies, int rows, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal;
  std::uniform_int_distribution<int> body(0, bodies - 1);
  std::uniform_real_distribution<double> mobility(0.5, 2.0);
  std::vector<Eigen::Triplet<double>> entries;
  for (int r = 0; r < rows; ++r) {
    const int a = body(rng);
    int b = body(rng);
    while (b == a) b = body(rng);
    for (int d = 0; d < 3; ++d) entries.emplace_back(r, 3 * a + d, normal(rng));
    if (r % 5 != 0) {
      for (int d = 0; d < 3; ++d) entries.emplace_back(r, 3 * b + d, normal(rng));
    }
  }
  BodySpaceLcp lcp;
  lcp.jacobian.resize(rows, 3 * bodies);
  lcp.jacobian.setFromTriplets(entries.begin(), entries.end());
  lcp.mobility.resize(3 * bodies);
  for (Eigen::Index d = 0; d < lcp.mobility.size(); ++d) lcp.mobility[d] = mobility(rng);
  lcp.scale = 0.1;
  return lcp;
}

inline Eigen::VectorXd random_c(int rows, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> c(-1.0, 0.5);
  Eigen::VectorXd out(rows);
  for (int r = 0; r < rows; ++r) out[r] = c(rng);
  return out;
}

// n bodies on a line with one DOF each, body 0 against a wall, neighbours in contact, and free
// velocities -(1 + i / n) toward the wall, so that every contact closes from the start and all
// bodies stop: gamma_r = sum over i >= r of (1 + i / n). A is the path Laplacian (plus the
// wall), with kappa(A) ~ (4 n / pi)^2.
struct Chain {
  BodySpaceLcp lcp;
  Eigen::VectorXd c;
  Eigen::VectorXd solution;
};
inline Chain loaded_chain(int n) {
  std::vector<Eigen::Triplet<double>> entries{{0, 0, 1.0}};
  for (int r = 1; r < n; ++r) {
    entries.emplace_back(r, r - 1, -1.0);
    entries.emplace_back(r, r, 1.0);
  }
  Chain chain;
  chain.lcp.jacobian.resize(n, n);
  chain.lcp.jacobian.setFromTriplets(entries.begin(), entries.end());
  chain.lcp.mobility = Eigen::VectorXd::Ones(n);
  chain.lcp.scale = 1.0;
  Eigen::VectorXd free_velocity(n);
  for (int i = 0; i < n; ++i) free_velocity[i] = -(1.0 + static_cast<double>(i) / n);
  chain.c = chain.lcp.jacobian * free_velocity;  // zero gaps
  chain.solution.resize(n);
  double load = 0.0;
  for (int r = n - 1; r >= 0; --r) chain.solution[r] = load += -free_velocity[r];
  return chain;
}

}  // namespace relcp::collision::testing
