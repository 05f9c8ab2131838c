#pragma once
// The `random` body generator: `count` bodies of one shape with centres uniform in a box,
// random (uniform on SO(3)) or fixed orientations, and no two bounding spheres closer than
// `min_gap` (random sequential addition), numbered along a Morton curve of their centres so that
// bodies near in space are near in the id-ordered store. A pure function of its input: every
// rank computes the same bodies, independently of the number of ranks.

#include <cstdint>
#include <span>
#include <vector>

#include "core/types.hpp"
#include "geometry/shapes/shape.hpp"
#include "particles/body.hpp"
#include "particles/domain.hpp"

namespace relcp::particles {

enum class OrientationMode { random, fixed };

// Uniform random rotation (uniform on SO(3)) from three uniforms in [0, 1) (Shoemake, "Uniform
// random rotations", 1992).
Quaternion uniform_rotation(double u1, double u2, double u3);

struct RandomPlacement {
  std::int64_t count = 0;
  Vec3 lower = Vec3::Zero();  // region of the centres
  Vec3 upper = Vec3::Ones();
  geometry::Shape shape;
  OrientationMode orientation = OrientationMode::random;
  Quaternion fixed_orientation = Quaternion::Identity();
  double min_gap = 0.0;
  std::uint64_t seed = 0;
  GlobalId first_id = 0;  // bodies get first_id, first_id + 1, ... along a Morton curve
  int max_attempts_per_body = 10000;
};

// Places the bodies clear of each other and of `existing` bodies (bounding spheres plus
// min_gap, minimum image along periodic axes of `domain`). Throws InputError (key "count") when
// a body finds no free spot within max_attempts_per_body tries, and for an empty region.
std::vector<Body> place_random_bodies(const RandomPlacement& placement, const Domain& domain,
                                      std::span<const Body> existing = {});

}  // namespace relcp::particles
