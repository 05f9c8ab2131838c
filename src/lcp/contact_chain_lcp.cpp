#include "lcp/contact_chain_lcp.hpp"

#include <random>
#include <stdexcept>
#include <utility>
#include <vector>

namespace relcp::lcp {

erleben::GeneratedLcp make_contact_chain_lcp(Index n, int gaps, std::uint64_t seed) {
  if (n < 1 || gaps < 0) throw std::invalid_argument("contact chain: n >= 1, gaps >= 0");
  std::vector<Eigen::Triplet<double>> entries;
  for (Index i = 0; i < n; ++i) {
    entries.emplace_back(i, i, 2.0);
    if (i + 1 < n) {
      entries.emplace_back(i, i + 1, -1.0);
      entries.emplace_back(i + 1, i, -1.0);
    }
  }
  SparseMatrix A(n, n);
  A.setFromTriplets(entries.begin(), entries.end());
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> magnitude(0.5, 1.5);
  std::uniform_int_distribution<Index> position(0, n - 1);
  Vector z(n);
  for (Index i = 0; i < n; ++i) z[i] = magnitude(rng);
  Vector w = Vector::Zero(n);
  for (int k = 0; k < gaps; ++k) {
    const Index i = position(rng);
    z[i] = 0.0;
    w[i] = magnitude(rng);
  }
  Vector q = w - A * z;
  return {LcpProblem(std::move(A), std::move(q)), std::move(z)};
}

}  // namespace relcp::lcp
