#include "lcp/problems/contact_network_lcps.hpp"

#include <algorithm>
#include <array>
#include <cmath>
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

erleben::GeneratedLcp make_contact_lattice_lcp(int side, std::uint64_t seed, bool central_pressure) {
  if (side < 2) throw std::invalid_argument("contact lattice: side >= 2");
  const auto disc = [side](int i, int j) { return static_cast<Index>(j) * side + i; };
  // Lattice directions 0, 60 and 120 degrees: neighbours (i+1, j), (i, j+1), (i-1, j+1).
  const double half_root3 = 0.5 * std::sqrt(3.0);
  const std::array<std::array<int, 2>, 3> steps{{{1, 0}, {0, 1}, {-1, 1}}};
  const std::array<std::array<double, 2>, 3> normals{{{1.0, 0.0}, {0.5, half_root3}, {-0.5, half_root3}}};
  std::vector<Eigen::Triplet<double>> d;  // D^T: disc coordinates x contacts
  std::vector<double> centre_distance2;   // of each contact's midpoint
  const double centre_x = 0.75 * (side - 1);
  const double centre_y = half_root3 * 0.5 * (side - 1);
  Index contacts = 0;
  for (int j = 0; j < side; ++j) {
    for (int i = 0; i < side; ++i) {
      for (std::size_t k = 0; k < steps.size(); ++k) {
        const int ni = i + steps[k][0];
        const int nj = j + steps[k][1];
        if (ni < 0 || ni >= side || nj >= side) continue;
        for (int axis = 0; axis < 2; ++axis) {
          d.emplace_back(2 * disc(i, j) + axis, contacts, -normals[k][axis]);
          d.emplace_back(2 * disc(ni, nj) + axis, contacts, normals[k][axis]);
        }
        const double x = 0.5 * (i + 0.5 * j + ni + 0.5 * nj) - centre_x;
        const double y = 0.5 * half_root3 * (j + nj) - centre_y;
        centre_distance2.push_back(x * x + y * y);
        ++contacts;
      }
    }
  }
  SparseMatrix Dt(2 * static_cast<Index>(side) * side, contacts);
  Dt.setFromTriplets(d.begin(), d.end());
  SparseMatrix A = SparseMatrix(Dt.transpose()) * Dt;
  A.makeCompressed();
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> magnitude(0.5, 1.5);
  Vector z(contacts);
  const double radius2 = *std::max_element(centre_distance2.begin(), centre_distance2.end());
  for (Index r = 0; r < contacts; ++r) {
    z[r] = central_pressure ? 0.5 + radius2 - centre_distance2[static_cast<std::size_t>(r)] : magnitude(rng);
  }
  Vector q = -(A * z);
  return {LcpProblem(std::move(A), std::move(q)), std::move(z)};
}

}  // namespace relcp::lcp
