#include "dcs/laplace/laplace_structure.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace relcp::dcs {

std::optional<SeparableLaplacian> detect_separable_laplacian(const RowSparseMatrix& A) {
  const Eigen::Index m = A.rows();
  if (m < 1 || A.cols() != m) return std::nullopt;
  const auto side = static_cast<Eigen::Index>(std::llround(std::sqrt(static_cast<double>(m))));
  if (side * side != m) return std::nullopt;
  const double scale = -A.coeff(0, 0) / 4.0;
  if (!(scale > 0.0) || !std::isfinite(scale)) return std::nullopt;

  std::vector<Eigen::Triplet<double>> entries;
  entries.reserve(static_cast<std::size_t>(5 * m));
  for (Eigen::Index q = 0; q < side; ++q) {
    for (Eigen::Index p = 0; p < side; ++p) {
      const Eigen::Index i = q * side + p;
      entries.emplace_back(i, i, -4.0 * scale);
      if (p > 0) entries.emplace_back(i, i - 1, scale);
      if (p + 1 < side) entries.emplace_back(i, i + 1, scale);
      if (q > 0) entries.emplace_back(i, i - side, scale);
      if (q + 1 < side) entries.emplace_back(i, i + side, scale);
    }
  }
  RowSparseMatrix expected(m, m);
  expected.setFromTriplets(entries.begin(), entries.end());
  const RowSparseMatrix difference = A - expected;
  for (Eigen::Index r = 0; r < difference.outerSize(); ++r) {
    for (RowSparseMatrix::InnerIterator it(difference, r); it; ++it) {
      if (!(std::abs(it.value()) <= 1e-12 * scale)) return std::nullopt;
    }
  }
  return SeparableLaplacian{static_cast<int>(side), scale};
}

std::optional<Vector> detect_block_profile(const RowSparseMatrix& B, int side) {
  const Eigen::Index s = side;
  if (s < 1 || B.rows() != s * s || B.cols() != s) return std::nullopt;
  Vector profile = Vector::Zero(s);
  for (Eigen::Index row = 0; row < s; ++row) profile[row] = B.coeff(row, 0);
  const double scale = profile.cwiseAbs().maxCoeff();
  if (!(scale > 0.0)) return std::nullopt;
  // Every stored entry sits in its column's block and matches u; and no entry of u is missing.
  Eigen::Index matched = 0;
  for (Eigen::Index row = 0; row < B.outerSize(); ++row) {
    for (RowSparseMatrix::InnerIterator it(B, row); it; ++it) {
      if (it.value() == 0.0) continue;
      if (row / s != it.col() || !(std::abs(it.value() - profile[row % s]) <= 1e-12 * scale)) return std::nullopt;
      ++matched;
    }
  }
  const Eigen::Index support = (profile.array() != 0.0).count();
  if (matched != support * s) return std::nullopt;
  return profile;
}

std::optional<Vector> block_profile_coordinates(const Vector& f, const Vector& profile) {
  const Eigen::Index s = profile.size();
  if (s < 1 || f.size() != s * s) return std::nullopt;
  const double norm = profile.squaredNorm();
  Vector coordinates(s);
  double largest = 0.0;
  double residual = 0.0;
  for (Eigen::Index q = 0; q < s; ++q) {
    const auto segment = f.segment(q * s, s);
    coordinates[q] = profile.dot(segment) / norm;
    largest = std::max(largest, segment.cwiseAbs().maxCoeff());
    residual = std::max(residual, (segment - coordinates[q] * profile).cwiseAbs().maxCoeff());
  }
  if (!(residual <= 1e-12 * std::max(1.0, largest))) return std::nullopt;
  return coordinates;
}

}  // namespace relcp::dcs
