#include "dynamics/constant_force.hpp"
#include "core/parallel_loops.hpp"

namespace relcp::dynamics {

void ConstantForce::add_to(std::span<particles::Body> bodies) const {
  const auto n = static_cast<std::ptrdiff_t>(bodies.size());
#pragma omp parallel for if (n > kParallelMinimumBodies) schedule(static)
  for (std::ptrdiff_t i = 0; i < n; ++i) bodies[static_cast<std::size_t>(i)].force += force_;
}

}  // namespace relcp::dynamics
