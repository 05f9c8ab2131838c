#pragma once
// Field `radial` (Palmer et al. 2025, Sec. 4.2): F = sign * scale * x (|x| - sin|x|) / |x|^2
// with x the centre's offset from `center`; magnitude ~ |x|^2 / 6 near the centre and -> scale far
// away. sign = -1 pulls toward the centre. No torque.

#include "core/types.hpp"
#include "dynamics/force_field.hpp"

namespace relcp::dynamics {

class RadialForce final : public ForceField {
 public:
  // Throws InputError (key "sign") unless sign is +1 or -1.
  RadialForce(const Vec3& center, double scale, double sign);

  // (r - sin r) / r^2, by its Taylor series for small r where the difference cancels.
  static double profile(double r);
  Vec3 force_at(const Vec3& position) const;
  void add_to(std::span<particles::Body> bodies) const override;

 private:
  Vec3 center_;
  double strength_;  // sign * scale
};

}  // namespace relcp::dynamics
