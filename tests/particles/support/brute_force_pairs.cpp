#include "support/brute_force_pairs.hpp"

#include <algorithm>

#include "geometry/shapes/shape_properties.hpp"

namespace relcp::particles::testing {

std::vector<std::pair<GlobalId, GlobalId>> brute_force_pairs(std::span<const Body> bodies, const Domain& domain,
                                                             double buffer) {
  std::vector<std::pair<GlobalId, GlobalId>> pairs;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    for (std::size_t j = i + 1; j < bodies.size(); ++j) {
      const Vec3 d = domain.minimum_image(bodies[j].pose.position - bodies[i].pose.position);
      const double reach =
          geometry::bounding_radius(bodies[i].shape) + geometry::bounding_radius(bodies[j].shape) + buffer;
      if (d.squaredNorm() < reach * reach) {
        pairs.emplace_back(std::min(bodies[i].id, bodies[j].id), std::max(bodies[i].id, bodies[j].id));
      }
    }
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

}  // namespace relcp::particles::testing
