#include "dynamics/force_field.hpp"
#include "core/parallel_loops.hpp"

namespace relcp::dynamics {

void clear_forces(std::span<particles::Body> bodies) {
  const auto n = static_cast<std::ptrdiff_t>(bodies.size());
#pragma omp parallel for if (n > kParallelMinimumBodies) schedule(static)
  for (std::ptrdiff_t i = 0; i < n; ++i) {
    bodies[static_cast<std::size_t>(i)].force.setZero();
    bodies[static_cast<std::size_t>(i)].torque.setZero();
  }
}

void apply_force_fields(const ForceFields& fields, std::span<particles::Body> bodies) {
  clear_forces(bodies);
  for (const auto& field : fields) field->add_to(bodies);
}

}  // namespace relcp::dynamics
