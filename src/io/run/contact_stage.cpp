#include "io/run/contact_stage.hpp"

#include "io/run/resolver_contact_stage.hpp"

namespace relcp::io {

std::unique_ptr<ContactStage> make_contact_stage(const Scenario& scenario) {
  switch (scenario.collision.strategy) {
    case CollisionStrategy::none: return std::make_unique<NoContacts>();
    case CollisionStrategy::single:
    case CollisionStrategy::multisphere:
    case CollisionStrategy::relcp: return make_resolver_contact_stage(scenario);
  }
  return std::make_unique<NoContacts>();
}

}  // namespace relcp::io
