#include "dynamics/body_force.hpp"
#include "core/parallel_loops.hpp"

#include <algorithm>

namespace relcp::dynamics {

BodyForce::BodyForce(std::vector<BodyLoad> loads) {
  std::stable_sort(loads.begin(), loads.end(), [](const BodyLoad& a, const BodyLoad& b) { return a.id < b.id; });
  for (const BodyLoad& load : loads) {
    if (!loads_.empty() && loads_.back().id == load.id) {
      loads_.back().force += load.force;
      loads_.back().torque += load.torque;
    } else {
      loads_.push_back(load);
    }
  }
}

void BodyForce::add_to(std::span<particles::Body> bodies) const {
  if (loads_.empty()) return;
  const auto n = static_cast<std::ptrdiff_t>(bodies.size());
#pragma omp parallel for if (n > kParallelMinimumBodies) schedule(static)
  for (std::ptrdiff_t i = 0; i < n; ++i) {
    particles::Body& body = bodies[static_cast<std::size_t>(i)];
    const auto found = std::lower_bound(loads_.begin(), loads_.end(), body.id,
                                        [](const BodyLoad& load, GlobalId id) { return load.id < id; });
    if (found == loads_.end() || found->id != body.id) continue;
    body.force += found->force;
    body.torque += found->torque;
  }
}

}  // namespace relcp::dynamics
