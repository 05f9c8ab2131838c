#include "io/dcs/friction_method_parser.hpp"

#include <algorithm>
#include <cmath>

#include "lcp/registry.hpp"

namespace relcp::io::dcs {
namespace {

relcp::dcs::SwitchingOptions parse_switching(const ScenarioNode& method) {
  method.allow_only({"name", "tolerance", "initial_step", "eta", "epsilon", "restart_delay", "enumeration_limit",
                     "choice", "max_steps"});
  relcp::dcs::SwitchingOptions options;
  options.tolerance = method.positive("tolerance", options.tolerance);
  options.initial_step = method.positive("initial_step", options.resolved_initial_step());
  options.eta = method.positive("eta", options.resolved_eta());
  options.epsilon = method.positive("epsilon", options.epsilon);
  options.restart_delay = method.positive("restart_delay", options.restart_delay);
  options.lcp.enumeration_limit = method.integer("enumeration_limit", options.lcp.enumeration_limit);
  if (options.lcp.enumeration_limit < 0) method.fail("enumeration_limit", "must not be negative");
  const double max_steps = method.number("max_steps", static_cast<double>(options.max_steps));
  if (!(max_steps >= 1.0) || max_steps > 1e15 || max_steps != std::floor(max_steps)) {
    method.fail("max_steps", "must be a whole number from 1 to 10^15");
  }
  options.max_steps = static_cast<std::int64_t>(max_steps);
  const std::string choice = method.text("choice", "fewest_modes");
  if (choice == "most_modes") {
    options.lcp.choice = relcp::dcs::SolutionChoice::most_modes;
  } else if (choice != "fewest_modes") {
    method.fail("choice", "must be fewest_modes or most_modes");
  }
  return options;
}

relcp::dcs::TaubertOptions parse_taubert(const ScenarioNode& method, relcp::dcs::TaubertScheme scheme) {
  method.allow_only({"name", "h"});
  return relcp::dcs::TaubertOptions{scheme, method.positive("h")};
}

relcp::dcs::MoreauOptions parse_moreau(const ScenarioNode& method, std::string& solver_name) {
  method.allow_only({"name", "h", "lcp_solver", "lcp_tolerance"});
  relcp::dcs::MoreauOptions options;
  options.h = method.positive("h");
  options.lcp_tolerance = method.positive("lcp_tolerance", options.lcp_tolerance);
  solver_name = method.text("lcp_solver", "lemke");
  const std::vector<std::string> known = lcp::solver_names();
  if (std::find(known.begin(), known.end(), solver_name) == known.end()) {
    std::string list;
    for (const std::string& name : known) list += (list.empty() ? "" : ", ") + name;
    method.fail("lcp_solver", "unknown LCP solver '" + solver_name + "' (known: " + list + ")");
  }
  return options;
}

}  // namespace

FrictionMethod parse_friction_method(const ScenarioNode& root) {
  const ScenarioNode method = root.child("method");
  FrictionMethod parsed;
  parsed.name = method.text("name");
  if (parsed.name == "switching") {
    parsed.options = parse_switching(method);
  } else if (parsed.name == "taubert-euler") {
    parsed.options = parse_taubert(method, relcp::dcs::TaubertScheme::euler);
  } else if (parsed.name == "taubert-rk4") {
    parsed.options = parse_taubert(method, relcp::dcs::TaubertScheme::rk4);
  } else if (parsed.name == "moreau") {
    parsed.options = parse_moreau(method, parsed.lcp_solver);
  } else {
    method.fail("name", "unknown method '" + parsed.name + "' (known: switching, taubert-euler, taubert-rk4, moreau)");
  }
  return parsed;
}

}  // namespace relcp::io::dcs
