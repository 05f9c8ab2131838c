#pragma once
// Multisphere resolution: every body is `count` sub-spheres; one row per pair of sub-spheres of
// different bodies (and per sub-sphere near a wall) within the search buffer at C^k, one LCP
// per step (Palmer et al. 2025, Sec. 2.5; docs/collision_strategies.md). Its model overlap is
// between sub-spheres.

#include <vector>

#include "collision/strategies/contact_strategy.hpp"
#include "geometry/shapes/shape.hpp"

namespace relcp::collision {

class MultisphereStrategy : public ContactStrategy {
 public:
  MultisphereStrategy(int count, double search_buffer, std::vector<geometry::HalfSpace> walls)
      : count_(count), search_buffer_(search_buffer), walls_(std::move(walls)) {}
  std::string_view name() const override { return "multisphere"; }
  std::vector<ConstraintRecord> rows_at_start(const ContactScene& start) const override;
  double model_overlap(const ContactScene& trial) const override;

 private:
  int count_;
  double search_buffer_;
  std::vector<geometry::HalfSpace> walls_;
};

}  // namespace relcp::collision
