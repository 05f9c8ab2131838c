#include "io/run/resolver_contact_stage.hpp"

#include <utility>

#include "collision/strategies/contact_resolver.hpp"

namespace relcp::io {
namespace {

class ResolverContactStage final : public ContactStage {
 public:
  ResolverContactStage(collision::ContactSettings settings, collision::ContactDynamics dynamics)
      : resolver_(std::move(settings), dynamics) {}

  ContactReport resolve(particles::ParticleStore& store, double dt, bool record_network) override {
    collision::ContactStepReport step = resolver_.resolve(store, dt, record_network);
    ContactReport report;
    report.constraints = step.constraints;
    report.relcp_iterations = step.lcp_solves;
    report.solver_iterations = step.solver_iterations;
    report.max_overlap = step.max_overlap;
    report.max_model_overlap = step.max_model_overlap;
    report.detection_seconds = step.detection_seconds;
    report.assembly_seconds = step.assembly_seconds;
    report.solve_seconds = step.solve_seconds;
    report.max_cone_violation = step.max_cone_violation;
    report.sticking_contacts = step.sticking_contacts;
    report.sliding_contacts = step.sliding_contacts;
    report.links = std::move(step.network);
    return report;
  }

 private:
  collision::ContactResolver resolver_;
};

}  // namespace

std::unique_ptr<ContactStage> make_resolver_contact_stage(const Scenario& scenario) {
  collision::ContactSettings settings = scenario.collision.contact;
  settings.walls = scenario.walls;
  settings.friction.coefficients.walls = scenario.wall_friction;
  collision::ContactDynamics dynamics;
  dynamics.inertial = scenario.dynamics.kind == DynamicsKind::inertial;
  dynamics.drag = scenario.dynamics.drag;
  dynamics.density = scenario.dynamics.density;
  dynamics.monolayer = scenario.monolayer();
  return std::make_unique<ResolverContactStage>(settings, dynamics);
}

}  // namespace relcp::io
