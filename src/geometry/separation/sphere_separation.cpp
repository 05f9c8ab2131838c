#include "geometry/separation/sphere_separation.hpp"

namespace relcp::geometry {

SignedSeparation sphere_sphere_separation(const Vec3& centre_a, double radius_a, const Vec3& centre_b,
                                          double radius_b) {
  const Vec3 gap = centre_b - centre_a;
  const double distance = gap.norm();
  SignedSeparation result;
  result.normal = distance > 0.0 ? Vec3(gap / distance) : Vec3::UnitZ();
  result.phi = distance - radius_a - radius_b;
  result.point_a = centre_a + radius_a * result.normal;
  result.point_b = centre_b - radius_b * result.normal;
  result.converged = true;
  return result;
}

}  // namespace relcp::geometry
