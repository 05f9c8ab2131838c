#include "io/run/resolver_contact_stage.hpp"

#include <utility>

#include "collision/strategies/contact_resolver.hpp"

namespace relcp::io {
namespace {

class ResolverContactStage final : public ContactStage {
 public:
  ResolverContactStage(collision::ContactSettings settings, collision::ContactDynamics dynamics)
      : resolver_(std::move(settings), dynamics) {}

  collision::ContactStepReport resolve(particles::ParticleStore& store, double dt, bool record_network) override {
    return resolver_.resolve(store, dt, record_network);
  }
  std::vector<double> saved_state() const override { return resolver_.saved_state(); }
  void restore_state(const std::vector<double>& state) override { resolver_.restore_state(state); }
  void adopt_states(const std::vector<std::vector<double>>& states, const particles::ParticleStore& store) override {
    resolver_.adopt_states(states, store.owned());
  }

 private:
  collision::ContactResolver resolver_;
};

}  // namespace

std::unique_ptr<ContactStage> make_resolver_contact_stage(const Scenario& scenario) {
  collision::ContactSettings settings = scenario.collision.contact;
  settings.walls = scenario.walls;
  collision::ContactDynamics dynamics;
  dynamics.inertial = scenario.dynamics.kind == DynamicsKind::inertial;
  dynamics.drag = scenario.dynamics.drag;
  dynamics.density = scenario.dynamics.density;
  dynamics.monolayer = scenario.monolayer();
  return std::make_unique<ResolverContactStage>(settings, dynamics);
}

}  // namespace relcp::io
