#pragma once
// The adapter between the step loop and collision::ContactResolver (strategies single,
// multisphere and relcp): settings from the scenario's collision and dynamics sections, the
// resolver's report turned into the stats row's contact columns.

#include <memory>

#include "io/run/contact_stage.hpp"

namespace relcp::io {

std::unique_ptr<ContactStage> make_resolver_contact_stage(const Scenario& scenario);

}  // namespace relcp::io
