#include "geometry/separation/wall_separation.hpp"

#include <cmath>

namespace relcp::geometry {

SignedSeparation convex_wall_separation(const ConvexSupport& body, const Vec3& centre, const HalfSpace& wall,
                                        const SeparationOptions& options) {
  SignedSeparation result;
  result.normal = -wall.normal;
  Vec3 deepest = body.gradient(result.normal);
  if (body.core() == ConvexSupport::Core::segment) {
    const double end_height = body.half_length() * std::abs(body.axis().dot(result.normal));
    if (end_height <= options.tolerance * body.bounding_radius()) {
      deepest = body.radius() * result.normal;  // the flat side's midpoint
    }
  }
  result.point_a = centre + deepest;
  result.phi = (result.point_a - wall.point).dot(wall.normal);
  result.point_b = result.point_a - result.phi * wall.normal;
  result.converged = true;
  return result;
}

}  // namespace relcp::geometry
