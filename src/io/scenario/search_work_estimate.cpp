#include "io/scenario/search_work_estimate.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "geometry/shapes/shape_properties.hpp"

namespace relcp::io {
namespace {

struct Extent {
  Vec3 lower = Vec3::Constant(std::numeric_limits<double>::infinity());
  Vec3 upper = Vec3::Constant(-std::numeric_limits<double>::infinity());

  void add(const Vec3& point) {
    lower = lower.cwiseMin(point);
    upper = upper.cwiseMax(point);
  }
};

}  // namespace

double estimated_candidate_pairs(const Scenario& scenario) {
  Extent extent;
  double bodies = 0.0;
  double largest_radius = 0.0;
  double own_volume = 0.0;  // of the bounding balls
  const auto count_body = [&](const geometry::Shape& shape, double count) {
    const double radius = geometry::bounding_radius(shape);
    largest_radius = std::max(largest_radius, radius);
    own_volume += count * 4.0 / 3.0 * std::numbers::pi * radius * radius * radius;
    bodies += count;
  };
  for (const ListedBody& body : scenario.bodies) {
    count_body(body.description.shape, 1.0);
    extent.add(body.description.pose.position);
  }
  for (const GeneratorSettings& generator : scenario.generators) {
    const double count = static_cast<double>(generated_count(generator));
    count_body(generated_shape(generator), count);
    if (const auto* random = std::get_if<RandomGenerator>(&generator)) {
      extent.add(random->placement.lower);
      extent.add(random->placement.upper);
    } else {
      const auto& lattice = std::get<ChainmailGenerator>(generator).lattice;
      const Vec3 half(0.5 * lattice.spacing * static_cast<double>(lattice.nx),
                      0.5 * lattice.spacing * static_cast<double>(lattice.ny), lattice.ring.major_radius);
      extent.add(lattice.center - half);
      extent.add(lattice.center + half);
    }
  }
  if (bodies < 2.0) return 0.0;
  // Two bodies are candidates when their bounding balls come within the buffer.
  const double reach = 2.0 * largest_radius + scenario.collision.contact.strategy.search_buffer;
  const Vec3 sides = (extent.upper - extent.lower).cwiseMax(Vec3::Constant(reach));
  const double volume = std::max(sides.prod(), own_volume);
  const double ball = 4.0 / 3.0 * std::numbers::pi * reach * reach * reach;
  const double all_pairs = 0.5 * bodies * (bodies - 1.0);
  return std::min(all_pairs, all_pairs * ball / volume);
}

}  // namespace relcp::io
