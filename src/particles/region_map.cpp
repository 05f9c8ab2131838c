#include "particles/region_map.hpp"

#include <limits>
#include <sstream>

#include "core/error.hpp"

namespace relcp::particles {

double distance_to_box(const RegionBox& box, const Vec3& point) {
  if (box.is_empty()) return std::numeric_limits<double>::infinity();
  const Vec3 below = (box.lower - point).cwiseMax(0.0);
  const Vec3 above = (point - box.upper).cwiseMax(0.0);
  return (below + above).norm();
}

RegionMap::RegionMap(std::vector<RegionBox> boxes) : boxes_(std::move(boxes)) {}

RegionMap RegionMap::single_owner(int owner, int num_ranks) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  const RegionBox everything{Vec3::Constant(-inf), Vec3::Constant(inf)};
  const RegionBox nothing{Vec3::Constant(inf), Vec3::Constant(-inf)};
  std::vector<RegionBox> boxes(static_cast<std::size_t>(num_ranks), nothing);
  boxes.at(static_cast<std::size_t>(owner)) = everything;
  return RegionMap(std::move(boxes));
}

int RegionMap::owner_of(const Vec3& point) const {
  for (std::size_t rank = 0; rank < boxes_.size(); ++rank) {
    if (boxes_[rank].contains_half_open(point)) return static_cast<int>(rank);
  }
  std::ostringstream message;
  message << "no rank owns the position (" << point.x() << ", " << point.y() << ", " << point.z()
          << "); a body position is not finite";
  throw RunTimeFailure(message.str());
}

}  // namespace relcp::particles
