#include "collision/assembly/body_mobility.hpp"

#include <cstddef>
#include <vector>

#include "core/parallel_loops.hpp"
#include "dynamics/local_drag_mobility.hpp"
#include "dynamics/mass_properties.hpp"

namespace relcp::collision {
namespace {

BlockDiagonalMobility::Block drag_block(const particles::Body& body, double xi) {
  const dynamics::LocalDragMobility drag(xi);
  BlockDiagonalMobility::Block block = BlockDiagonalMobility::Block::Zero();
  block.diagonal().head<3>().setConstant(drag.translational(body.shape));
  block.diagonal().tail<3>().setConstant(drag.rotational(body.shape));
  return block;
}

BlockDiagonalMobility::Block inertial_block(const particles::Body& body, double density) {
  BlockDiagonalMobility::Block block = BlockDiagonalMobility::Block::Zero();
  block.topLeftCorner<3, 3>() = Mat3::Identity() / dynamics::mass_of(body.shape, density);
  const Mat3 inverse_inertia = dynamics::lab_inverse_inertia(body.shape, body.pose.orientation, density);
  block.bottomRightCorner<3, 3>() = 0.5 * (inverse_inertia + inverse_inertia.transpose());
  return block;
}

// P M P with P = diag(1, 1, 0, 0, 0, 1): the contact velocity keeps u_x, u_y and omega_z only.
// Exact zeros, so a planar velocity stays exactly planar.
BlockDiagonalMobility::Block planar(BlockDiagonalMobility::Block block) {
  for (const int k : {2, 3, 4}) {
    block.row(k).setZero();
    block.col(k).setZero();
  }
  return block;
}

}  // namespace

BlockDiagonalMobility body_mobility(std::span<const particles::Body> owned, const ContactDynamics& dynamics) {
  std::vector<BlockDiagonalMobility::Block> blocks(owned.size());
  const auto n = static_cast<std::ptrdiff_t>(owned.size());
#pragma omp parallel for if (n > kParallelMinimumBodies) schedule(static)
  for (std::ptrdiff_t b = 0; b < n; ++b) {
    const particles::Body& body = owned[static_cast<std::size_t>(b)];
    const BlockDiagonalMobility::Block block =
        dynamics.inertial ? inertial_block(body, dynamics.density) : drag_block(body, dynamics.drag);
    blocks[static_cast<std::size_t>(b)] = dynamics.monolayer ? planar(block) : block;
  }
  return BlockDiagonalMobility(blocks);
}

}  // namespace relcp::collision
