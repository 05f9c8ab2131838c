#pragma once
// Division of one spherocylinder cell: two daughters of half the tip-to-tip length placed end
// to end along the parent's axis, each turned by a small angle about its own centre.

#include <utility>

#include "particles/body.hpp"

namespace relcp::dynamics {

struct DivisionTurn {
  double angle = 0.0;         // radians, signed
  Vec3 axis = Vec3::UnitZ();  // unit, lab frame
};

// The daughters of `parent` (a Spherocylinder of tip-to-tip length l = length + 2 radius):
// first at centre - (l/4) t, second at centre + (l/4) t (t = the axis, body z), both of
// tip-to-tip length l/2, first turned by `first_turn`, second by `second_turn`. Both keep the
// parent's id and velocities; the caller gives the second its new id. Throws InputError (key
// "divide_at") when l/2 is below the diameter (a daughter would be shorter than its caps).
std::pair<particles::Body, particles::Body> split_cell(const particles::Body& parent, const DivisionTurn& first_turn,
                                                       const DivisionTurn& second_turn);

}  // namespace relcp::dynamics
