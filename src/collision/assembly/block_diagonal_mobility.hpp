#pragma once
// The block-diagonal operator between body forces and body velocities, one symmetric 6x6 block
// per owned body acting on [f, tau] -> [u, omega] (Palmer et al. 2025, eqs. (4), (7)):
//   overdamped  the mobility, e.g. paper eq. 27: diag(I / (xi l), 12 I / (xi l^3));
//   inertial    the inverse mass, diag(I / m, (R I_body R^T)^-1).
// The blocks come from the dynamics layer; this class only stores and applies them. Blocks that
// are all diagonal are stored as 6 numbers per body, otherwise as 36.

#include <Eigen/Core>
#include <cstddef>
#include <vector>

namespace relcp::collision {

class BlockDiagonalMobility {
 public:
  using Block = Eigen::Matrix<double, 6, 6>;

  BlockDiagonalMobility() = default;
  // One block per owned body, in the body layout's order (increasing id). Throws
  // std::invalid_argument for a non-finite or non-symmetric block (relative 1e-12).
  explicit BlockDiagonalMobility(const std::vector<Block>& blocks);
  // Diagonal blocks diag(translational I3, rotational I3) per body: the isotropic local drag.
  static BlockDiagonalMobility isotropic(const std::vector<double>& translational,
                                         const std::vector<double>& rotational);

  std::size_t body_count() const { return body_count_; }
  bool is_diagonal() const { return diagonal_; }
  Block block(std::size_t body) const;
  // Bytes read per application (for bandwidth accounting).
  std::size_t stored_bytes() const { return values_.size() * sizeof(double); }
  // The stored numbers: 6 per body when is_diagonal(), else 36 (row-major blocks).
  const std::vector<double>& stored_values() const { return values_; }

  // velocities[6 b + i] = sum_j block_b(i, j) forces[6 b + j] for the body_count() bodies.
  void apply(const double* forces, double* velocities) const;

 private:
  std::size_t body_count_ = 0;
  bool diagonal_ = true;
  std::vector<double> values_;  // 6 per body (diagonal) or 36 (row-major blocks)
};

}  // namespace relcp::collision
