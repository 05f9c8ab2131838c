#pragma once
// A collision-resolution strategy (Palmer et al. 2025, Sec. 3.1; docs/collision_strategies.md):
// which constraint rows a step starts with, which rows it adds at a trial configuration, and what
// overlap its contact model shows there. ContactResolver runs the same loop for every strategy:
//   single       one deepest-point row per near pair and wall, one LCP;
//   multisphere  rows between sub-spheres of different bodies (and walls), one LCP;
//   relcp        deepest-point rows at C^k, then one more per pair or wall whose true separation
//                at the trial configuration is below -tolerance, until no pair has any.

#include <string_view>
#include <vector>

#include "collision/assembly/constraint_record.hpp"
#include "collision/detection/contact_scene.hpp"

namespace relcp::collision {

class ContactStrategy {
 public:
  virtual ~ContactStrategy() = default;
  virtual std::string_view name() const = 0;

  // This rank's rows of the step's first LCP, from the scene at C^k.
  virtual std::vector<ConstraintRecord> rows_at_start(const ContactScene& start) const = 0;

  // This rank's rows to append after a solve, from the scene at its trial configuration. When
  // no rank has any, the step is resolved.
  virtual std::vector<ConstraintRecord> rows_at_trial(const ContactScene& /*trial*/) const { return {}; }

  // The deepest overlap on this rank of the shapes the strategy constrains, at the trial.
  virtual double model_overlap(const ContactScene& trial) const { return largest_true_overlap(trial); }

  // LCP solves per step at most.
  virtual int max_solves() const { return 1; }
};

}  // namespace relcp::collision
