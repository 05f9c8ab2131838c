#include "geometry/separation/torus_local_minima.hpp"

#include <cmath>
#include <stdexcept>
#include <variant>

#include "geometry/distance/circle.hpp"
#include "geometry/distance/circle_distance.hpp"
#include "geometry/distance/periodic_minima.hpp"
#include "geometry/distance/point_convex_projection.hpp"

namespace relcp::geometry {
namespace {

// Centreline samples per search; the reduced distance varies on the scale of a radian along the
// smaller circle, so minima closer than 2 pi / 256 rad are beyond any practical configuration.
// The search samples them only where the distance may come below the cut (periodic_minima.hpp).
constexpr int kCentrelineSamples = 256;

// `cut`: the largest centreline distance that matters, the threshold plus the minor radii; with
// no threshold only the global minimum is needed.
PeriodicMinimaOptions search_options(const SeparationOptions& options, double cut) {
  PeriodicMinimaOptions search;
  search.samples = kCentrelineSamples;
  // Contact points to two orders of magnitude below the phi tolerance.
  search.angle_tolerance = 1e-2 * options.tolerance;
  search.max_iterations = options.max_iterations;
  search.cut = cut;
  search.cut_at_best = std::isinf(cut);
  return search;
}

// When the centrelines cross, the shared normal is perpendicular to both tangents there.
Vec3 normal_at_crossing(const Circle& a, double angle_a, const Circle& b, double angle_b) {
  const Vec3 centre_offset = b.centre - a.centre;
  const Vec3 tangent_a = a.tangent(angle_a).normalized();
  Vec3 normal = tangent_a.cross(b.tangent(angle_b).normalized());
  if (normal.norm() < 1e-8) normal = centre_offset - centre_offset.dot(tangent_a) * tangent_a;
  if (normal.norm() < 1e-8 * (a.radius + b.radius)) normal = a.axis;
  normal.normalize();
  return normal.dot(centre_offset) < 0.0 ? Vec3(-normal) : normal;
}

SignedSeparation torus_pair_contact(const Circle& a, double minor_a, const Circle& b, double minor_b,
                                    const CirclePairMinimum& minimum) {
  const Vec3 centreline_a = a.point(minimum.angle_a);
  const Vec3 centreline_b = b.point(minimum.angle_b);
  const Vec3 difference = centreline_b - centreline_a;
  const double distance = difference.norm();
  SignedSeparation contact;
  contact.normal = distance > 1e-14 * (a.radius + b.radius)
                       ? Vec3(difference / distance)
                       : normal_at_crossing(a, minimum.angle_a, b, minimum.angle_b);
  contact.phi = distance - minor_a - minor_b;
  contact.point_a = centreline_a + minor_a * contact.normal;
  contact.point_b = centreline_b - minor_b * contact.normal;
  contact.iterations = minimum.iterations;
  contact.converged = minimum.converged;
  return contact;
}

// The arguments of torus_convex_local_minima, for the per-shape overloads below.
struct TorusConvexQuery {
  const Torus& torus;
  const Pose& pose_a;
  const Circle& centreline;
  const Shape& convex_b;
  const Pose& pose_b;
  double threshold;
  const SeparationOptions& options;
};

// Any convex B: the local minima of the signed distance of the centreline point to B, whose
// slope follows from B's normal alone.
std::vector<SignedSeparation> centreline_minima(const TorusConvexQuery& query) {
  const Circle& centreline = query.centreline;
  const double minor_radius = query.torus.minor_radius;
  const auto signed_distance = [&](double angle) {
    const SurfaceProjection projection =
        project_onto_convex_surface(query.convex_b, query.pose_b, centreline.point(angle));
    return ValueAndSlope{projection.signed_distance, projection.outward_normal.dot(centreline.tangent(angle))};
  };
  PeriodicMinimaOptions search = search_options(query.options, query.threshold + minor_radius);
  search.flat_tolerance = 1e-13 * (centreline.radius + (query.pose_b.position - query.pose_a.position).norm());
  search.lipschitz = centreline.radius;  // a signed distance is 1-Lipschitz in space

  std::vector<SignedSeparation> contacts;
  for (const AngleMinimum& minimum : periodic_local_minima(signed_distance, search)) {
    const Vec3 centre_point = centreline.point(minimum.angle);
    const SurfaceProjection projection = project_onto_convex_surface(query.convex_b, query.pose_b, centre_point);
    SignedSeparation contact;
    contact.normal = -projection.outward_normal;
    contact.phi = projection.signed_distance - minor_radius;
    contact.point_a = centre_point + minor_radius * contact.normal;
    contact.point_b = projection.surface_point;
    contact.iterations = minimum.iterations;
    contact.converged = minimum.converged;
    if (contact.phi < query.threshold) contacts.push_back(contact);
  }
  return contacts;
}

// The centreline's distance to a point has one minimum, at the closest point of the circle.
std::vector<SignedSeparation> local_minima(const Sphere& sphere, const TorusConvexQuery& query) {
  const Circle& centreline = query.centreline;
  const Vec3& centre = query.pose_b.position;
  const double minor_radius = query.torus.minor_radius;
  const Vec3 nearest = closest_point_on_circle(centreline, centre);
  const Vec3 offset = centre - nearest;
  const double distance = offset.norm();
  // A centre on the centreline itself is a kink; the search settles its side.
  if (!(distance > 1e-12 * (centreline.radius + sphere.radius))) return centreline_minima(query);
  SignedSeparation contact;
  contact.normal = offset / distance;
  contact.phi = distance - sphere.radius - minor_radius;
  contact.point_a = nearest + minor_radius * contact.normal;
  contact.point_b = centre - sphere.radius * contact.normal;
  contact.iterations = 0;
  contact.converged = true;
  if (contact.phi < query.threshold) return {contact};
  return {};
}

std::vector<SignedSeparation> local_minima(const Ellipsoid&, const TorusConvexQuery& query) {
  return centreline_minima(query);
}

std::vector<SignedSeparation> local_minima(const Spherocylinder&, const TorusConvexQuery& query) {
  return centreline_minima(query);
}

std::vector<SignedSeparation> local_minima(const Torus&, const TorusConvexQuery&) {
  throw std::invalid_argument("torus_convex_local_minima: body B must be convex");
}

}  // namespace

std::vector<SignedSeparation> torus_torus_local_minima(const Torus& a, const Pose& pose_a, const Torus& b,
                                                       const Pose& pose_b, double threshold,
                                                       const SeparationOptions& options) {
  const Circle centreline_a = torus_centreline(a, pose_a);
  const Circle centreline_b = torus_centreline(b, pose_b);
  std::vector<SignedSeparation> contacts;
  for (const CirclePairMinimum& minimum : circle_circle_local_minima(
           centreline_a, centreline_b, search_options(options, threshold + a.minor_radius + b.minor_radius))) {
    const SignedSeparation contact =
        torus_pair_contact(centreline_a, a.minor_radius, centreline_b, b.minor_radius, minimum);
    if (contact.phi < threshold) contacts.push_back(contact);
  }
  return contacts;
}

std::vector<SignedSeparation> torus_convex_local_minima(const Torus& a, const Pose& pose_a, const Shape& convex_b,
                                                        const Pose& pose_b, double threshold,
                                                        const SeparationOptions& options) {
  const Circle centreline = torus_centreline(a, pose_a);
  const TorusConvexQuery query{a, pose_a, centreline, convex_b, pose_b, threshold, options};
  return std::visit([&query](const auto& body) { return local_minima(body, query); }, convex_b);
}

}  // namespace relcp::geometry
