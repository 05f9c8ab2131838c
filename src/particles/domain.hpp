#pragma once
// The simulation box: bounds and wrapping along periodic axes, open space along the others.

#include <array>

#include "core/types.hpp"

namespace relcp::particles {

struct Domain {
  Vec3 lower = Vec3::Zero();  // used only along periodic axes
  Vec3 upper = Vec3::Ones();
  std::array<bool, 3> periodic{false, false, false};

  bool any_periodic() const { return periodic[0] || periodic[1] || periodic[2]; }
  double length(int axis) const { return upper[axis] - lower[axis]; }

  // The position moved by whole periods into [lower, upper) along every periodic axis.
  Vec3 wrap(const Vec3& position) const;
  // The shortest periodic image of a separation vector (b - a).
  Vec3 minimum_image(const Vec3& separation) const;
  // Throws InputError (key "domain") when a periodic axis has no positive, finite length.
  void validate() const;
};

}  // namespace relcp::particles
