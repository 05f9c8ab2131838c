#include "io/run/contact_stage.hpp"

#include "io/run/resolver_contact_stage.hpp"

namespace relcp::io {

std::unique_ptr<ContactStage> make_contact_stage(const Scenario& scenario) {
  if (!scenario.collision.enabled) return std::make_unique<NoContacts>();
  return make_resolver_contact_stage(scenario);
}

}  // namespace relcp::io
