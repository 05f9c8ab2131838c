#include "io/dcs/dlcp_method_parser.hpp"

#include <string>

#include "core/error.hpp"
#include "dcs/batched/batched_lcp.hpp"
#include "io/dcs/dlcp_methods.hpp"

namespace relcp::io::dcs {
namespace {

// Names parsed by the library throw InputErrors keyed by the option; locate them in the file.
template <class Parse>
auto located(const ScenarioNode& node, std::string_view key, Parse&& parse) {
  try {
    return parse();
  } catch (const InputError& error) {
    node.fail(key, error.message());
  }
}

ErrorReference parse_reference(const ScenarioNode& method) {
  const std::string name = method.text("reference", "none");
  if (name == "none") return ErrorReference::none;
  if (name == "implicit-euler") return ErrorReference::implicit_euler;
  if (name == "converged") return ErrorReference::converged;
  method.fail("reference", "unknown reference '" + name + "' (known: none, implicit-euler, converged)");
}

}  // namespace

relcp::dcs::TimeGrid parse_dlcp_time(const ScenarioNode& root) {
  const ScenarioNode time = root.child("time");
  time.allow_only({"T", "h"});
  const double T = time.number("T");
  const double h = time.number("h");
  if (!(h > 0.0)) time.fail("h", "the step h must be positive");
  if (!(T > 0.0)) time.fail("T", "the final time T must be positive");
  return located(time, "h", [&] { return relcp::dcs::make_time_grid(T, h); });
}

DlcpMethodSettings parse_dlcp_method(const ScenarioNode& root, const DlcpScenarioProblem& problem) {
  const ScenarioNode method = root.child("method");
  method.allow_only({"name", "tolerance", "max_iterations", "window", "selection", "lcp_tolerance", "backend",
                     "linear_solver", "infeasible", "reference", "require_convergence", "contour_half_nodes"});
  DlcpMethodSettings settings;
  settings.name = method.text("name");
  if (find_dlcp_method(settings.name) == nullptr) {
    method.fail("name", "unknown method '" + settings.name + "' for problem type " + problem.type +
                            " (known: " + dlcp_method_names() + ")");
  }
  settings.tolerance = method.positive("tolerance", settings.tolerance);
  settings.max_iterations = method.integer("max_iterations", settings.max_iterations);
  if (settings.max_iterations < 1) method.fail("max_iterations", "must be at least 1");
  const int window = method.integer("window", 0);
  if (window < 0) method.fail("window", "must not be negative (0: one window over the whole grid)");
  settings.window = window;
  settings.selection = located(method, "selection", [&] {
    return method.has("selection") ? relcp::dcs::parse_lcp_selection(method.text("selection"))
                                   : problem.default_selection;
  });
  settings.lcp_tolerance = method.positive("lcp_tolerance", settings.lcp_tolerance);
  settings.backend = method.text("backend", settings.backend);
  const auto names = relcp::dcs::batched_lcp_backend_names();
  if (std::find(names.begin(), names.end(), settings.backend) == names.end()) {
    method.fail("backend", "unknown backend '" + settings.backend + "' (known: serial, openmp, cuda)");
  }
  settings.linear_solver = located(method, "linear_solver", [&] {
    return relcp::dcs::parse_shifted_solver_kind(method.text("linear_solver", "auto"));
  });
  settings.infeasible = located(method, "infeasible", [&] {
    return method.has("infeasible") ? relcp::dcs::parse_infeasible_policy(method.text("infeasible"))
                                    : problem.default_infeasible;
  });
  settings.reference = parse_reference(method);
  settings.contour_half_nodes = method.integer("contour_half_nodes", settings.contour_half_nodes);
  if (settings.contour_half_nodes < 1) method.fail("contour_half_nodes", "must be at least 1");
  if (method.has("require_convergence")) {
    bool value = true;
    if (!YAML::convert<bool>::decode(method.yaml("require_convergence"), value)) {
      method.fail("require_convergence", "must be true or false");
    }
    settings.require_convergence = value;
  }
  return settings;
}

}  // namespace relcp::io::dcs
