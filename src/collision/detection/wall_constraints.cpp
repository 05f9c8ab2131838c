#include "collision/detection/wall_constraints.hpp"

#include <algorithm>
#include <cstddef>

#include "collision/detection/pair_constraints.hpp"
#include "geometry/shapes/shape_properties.hpp"

namespace relcp::collision {
namespace {

double centre_height(const Vec3& centre, const geometry::HalfSpace& wall) {
  return (centre - wall.point).dot(wall.normal);
}

}  // namespace

std::vector<WallContact> wall_contacts(std::span<const particles::Body> owned,
                                       std::span<const geometry::HalfSpace> walls, double buffer) {
  std::vector<WallContact> contacts;
  if (walls.empty()) return contacts;
  for (std::size_t b = 0; b < owned.size(); ++b) {
    const particles::Body& body = owned[b];
    const double reach = geometry::bounding_radius(body.shape) + buffer;
    for (std::size_t w = 0; w < walls.size(); ++w) {
      if (!(centre_height(body.pose.position, walls[w]) < reach)) continue;
      contacts.push_back(WallContact{static_cast<int>(b), static_cast<int>(w),
                                     geometry::signed_separation(body.shape, body.pose, walls[w])});
    }
  }
  return contacts;
}

std::vector<ConstraintRecord> deepest_point_wall_constraints(std::span<const WallContact> contacts,
                                                             std::span<const particles::Body> owned, double threshold) {
  std::vector<ConstraintRecord> records;
  for (const WallContact& contact : contacts) {
    if (!(contact.separation.phi < threshold)) continue;
    const particles::Body& body = owned[static_cast<std::size_t>(contact.body)];
    records.push_back(wall_constraint(body.id, contact.wall, contact.separation, body.pose.position));
  }
  return records;
}

std::vector<ConstraintRecord> multisphere_wall_constraints(std::span<const particles::Body> owned,
                                                           std::span<const geometry::HalfSpace> walls, int count,
                                                           double search_buffer) {
  std::vector<ConstraintRecord> records;
  for (const WallContact& near : wall_contacts(owned, walls, search_buffer)) {
    const particles::Body& body = owned[static_cast<std::size_t>(near.body)];
    const geometry::HalfSpace& wall = walls[static_cast<std::size_t>(near.wall)];
    const auto spheres = lab_spheres(body, count);
    for (std::size_t i = 0; i < spheres.size(); ++i) {
      if (!(centre_height(spheres[i].centre, wall) - spheres[i].radius < search_buffer)) continue;
      const geometry::Pose at_centre{spheres[i].centre, Quaternion::Identity()};
      const geometry::SignedSeparation contact =
          geometry::signed_separation(geometry::Sphere{spheres[i].radius}, at_centre, wall);
      records.push_back(wall_constraint(body.id, near.wall, contact, body.pose.position, static_cast<int>(i)));
    }
  }
  return records;
}

double largest_wall_overlap(std::span<const WallContact> contacts) {
  double overlap = 0.0;
  for (const WallContact& contact : contacts) overlap = std::max(overlap, -contact.separation.phi);
  return overlap;
}

double largest_multisphere_wall_overlap(std::span<const particles::Body> owned,
                                        std::span<const geometry::HalfSpace> walls, int count) {
  double overlap = 0.0;
  for (const WallContact& near : wall_contacts(owned, walls, 0.0)) {
    const geometry::HalfSpace& wall = walls[static_cast<std::size_t>(near.wall)];
    for (const geometry::SubSphere& sphere : lab_spheres(owned[static_cast<std::size_t>(near.body)], count)) {
      overlap = std::max(overlap, sphere.radius - centre_height(sphere.centre, wall));
    }
  }
  return overlap;
}

}  // namespace relcp::collision
