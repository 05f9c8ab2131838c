#pragma once
// The subcommands of relcp_geom (docs/relcp_geom.md). Each prints one JSON object on stdout and
// returns the exit code; bad input throws relcp::InputError.

#include <string>

namespace relcp::apps::geom {

// Shared-normal signed distance of bodies[0] against bodies[1]; exit 3 when not converged.
int run_snsd(const std::string& file);

// The multisphere decomposition of bodies[0] with `count` spheres, in the lab frame.
int run_multisphere(const std::string& file, int count);

}  // namespace relcp::apps::geom
