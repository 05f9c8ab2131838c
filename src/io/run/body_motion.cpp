#include "io/run/body_motion.hpp"

namespace relcp::io {
namespace {

std::variant<dynamics::OverdampedIntegrator, dynamics::InertialIntegrator> make_integrator(
    const DynamicsSettings& settings, bool monolayer) {
  if (settings.kind == DynamicsKind::inertial) return dynamics::InertialIntegrator(settings.density, monolayer);
  return dynamics::OverdampedIntegrator(dynamics::LocalDragMobility(settings.drag), monolayer);
}

}  // namespace

BodyMotion::BodyMotion(const DynamicsSettings& settings, bool monolayer)
    : integrator_(make_integrator(settings, monolayer)) {}

void BodyMotion::update_velocities(std::span<particles::Body> bodies, double dt) const {
  if (const auto* overdamped = std::get_if<dynamics::OverdampedIntegrator>(&integrator_)) {
    overdamped->compute_velocities(bodies);
  } else {
    std::get<dynamics::InertialIntegrator>(integrator_).update_velocities(bodies, dt);
  }
}

void BodyMotion::advance(std::span<particles::Body> bodies, double dt) const {
  std::visit([&](const auto& integrator) { integrator.advance(bodies, dt); }, integrator_);
}

}  // namespace relcp::io
