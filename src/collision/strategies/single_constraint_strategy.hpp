#pragma once
// Single-constraint resolution: one deepest-point row per pair and wall within the search
// buffer at C^k, one LCP per step (Palmer et al. 2025, Sec. 2.5, eq. (20)).

#include "collision/strategies/contact_strategy.hpp"

namespace relcp::collision {

class SingleConstraintStrategy : public ContactStrategy {
 public:
  explicit SingleConstraintStrategy(double search_buffer) : search_buffer_(search_buffer) {}
  std::string_view name() const override { return "single"; }
  std::vector<ConstraintRecord> rows_at_start(const ContactScene& start) const override;

 private:
  double search_buffer_;
};

// The deepest-point rows of the scene's pairs and walls whose separation is below `threshold`.
std::vector<ConstraintRecord> deepest_point_rows(const ContactScene& scene, double threshold);

}  // namespace relcp::collision
