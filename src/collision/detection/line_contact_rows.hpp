#pragma once
// Rows at the far end of a line contact (docs/collision_strategies.md, "Line contact rows").
//
// Two nearly parallel rods that touch along their length get one deepest-point row, at one end.
// Pressed at that end from both sides, a rod may turn fast about it, and its free end swings
// into the neighbour: on the colony from 16,384 cells on, the first trial of a step then lets
// rods pass into each other (overlaps of 0.1-0.5), and the re-solves that follow take many
// more Newton steps and factorizations. A second row at the far end of the contact holds it.

#include <span>
#include <vector>

#include "collision/assembly/constraint_record.hpp"
#include "collision/detection/contact_scene.hpp"

namespace relcp::collision {

// Axes closer to parallel than this (|cos| of their angle; 18 degrees) make a line contact.
inline constexpr double kLineContactCosine = 0.95;
// A far-end point within this fraction of body A's bounding radius of a row the pair has
// already is that row's (the merge distance of carried rows).
inline constexpr double kLineContactMergeFraction = 0.1;
// The creation index of a far-end row within its pair; carried rows number 1, 2, ...
inline constexpr int kLineContactCreationIndex = 1000;

// For every candidate pair of `scene` that has a normal row in `rows` and whose bodies are two
// spherocylinders with nearly parallel axes: a row between an axis end and the other axis'
// closest point, of the four ends the one with the smallest gap below `threshold` that lies not
// near a row of the pair. At most one per pair, on the pair's rank. Local.
std::vector<ConstraintRecord> line_contact_end_rows(const ContactScene& scene, std::span<const ConstraintRecord> rows,
                                                    double threshold);

}  // namespace relcp::collision
