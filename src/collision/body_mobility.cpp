#include "collision/body_mobility.hpp"

#include <vector>

#include "dynamics/local_drag_mobility.hpp"
#include "dynamics/mass_properties.hpp"

namespace relcp::collision {

BlockDiagonalMobility body_mobility(std::span<const particles::Body> owned,
                                    const ContactDynamics& dynamics) {
  if (!dynamics.inertial) {
    const dynamics::LocalDragMobility drag(dynamics.drag);
    std::vector<double> translational, rotational;
    translational.reserve(owned.size());
    rotational.reserve(owned.size());
    for (const auto& body : owned) {
      translational.push_back(drag.translational(body.shape));
      rotational.push_back(drag.rotational(body.shape));
    }
    return BlockDiagonalMobility::isotropic(translational, rotational);
  }
  std::vector<BlockDiagonalMobility::Block> blocks;
  blocks.reserve(owned.size());
  for (const auto& body : owned) {
    BlockDiagonalMobility::Block block = BlockDiagonalMobility::Block::Zero();
    block.topLeftCorner<3, 3>() =
        Mat3::Identity() / dynamics::mass_of(body.shape, dynamics.density);
    Mat3 inverse_inertia =
        dynamics::lab_inverse_inertia(body.shape, body.pose.orientation, dynamics.density);
    block.bottomRightCorner<3, 3>() = 0.5 * (inverse_inertia + inverse_inertia.transpose());
    blocks.push_back(block);
  }
  return BlockDiagonalMobility(blocks);
}

}  // namespace relcp::collision
