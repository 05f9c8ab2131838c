#pragma once
// Body-wall contacts (half-space walls, docs/collision_strategies.md "Walls"): candidates are the
// owned bodies whose bounding sphere comes within the search buffer of a wall; their rows are
// one-sided (body A against wall number w, body_b = kNoBody). Only the owner of a body builds
// its wall rows, so every body-wall pair is handled once over all ranks.

#include <span>
#include <vector>

#include "collision/assembly/constraint_record.hpp"
#include "geometry/shapes/shape.hpp"
#include "geometry/separation/signed_separation.hpp"
#include "particles/body.hpp"

namespace relcp::collision {

struct WallContact {
  int body = -1;                          // index into the owned bodies
  int wall = -1;                          // index into the walls
  geometry::SignedSeparation separation;  // the body's true signed distance to the wall
};

// Every (owned body, wall) whose bounding sphere lies within `buffer` of the wall, with the
// body's true separation, ordered by (body index, wall).
std::vector<WallContact> wall_contacts(std::span<const particles::Body> owned,
                                       std::span<const geometry::HalfSpace> walls, double buffer);

// One deepest-point row per contact with phi < threshold.
std::vector<ConstraintRecord> deepest_point_wall_constraints(std::span<const WallContact> contacts,
                                                             std::span<const particles::Body> owned, double threshold);

// One row per sub-sphere (`count` per body) within `search_buffer` of a wall, lever arm to the
// parent centre; creation_index = the sub-sphere's index.
std::vector<ConstraintRecord> multisphere_wall_constraints(std::span<const particles::Body> owned,
                                                           std::span<const geometry::HalfSpace> walls, int count,
                                                           double search_buffer);

// max(0, -min phi) over the contacts.
double largest_wall_overlap(std::span<const WallContact> contacts);

// The multisphere model's wall overlap: max(0, -min gap) over the sub-spheres and walls.
double largest_multisphere_wall_overlap(std::span<const particles::Body> owned,
                                        std::span<const geometry::HalfSpace> walls, int count);

}  // namespace relcp::collision
