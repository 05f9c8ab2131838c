#include "collision/device/cuda_backend.hpp"
#include "collision/solvers/distributed_solver_registry.hpp"
#include "collision/strategies/strategy_registry.hpp"
#include "io/scenario/scenario_sections.hpp"
#include "io/scenario/scenario_values.hpp"

namespace relcp::io {

std::vector<std::string_view> collision_keys() {
  std::vector<std::string_view> keys(kCollisionSectionKeys.begin(), kCollisionSectionKeys.end());
  for (const collision::SolverParameterSpec& spec : collision::distributed_solver_scenario_keys()) {
    keys.push_back(spec.key);
  }
  return keys;
}

namespace {

int at_most_int(const YamlNodeReader& node, std::int64_t value) {
  if (value > 1'000'000'000) node.fail("must be at most 1000000000");
  return static_cast<int>(value);
}

int as_int_count(const YamlNodeReader& node) { return at_most_int(node, as_positive_count(node)); }

std::vector<std::string_view> strategy_choices() {
  std::vector<std::string_view> choices{"none"};
  for (const collision::ContactStrategyEntry& entry : collision::contact_strategies()) choices.push_back(entry.name);
  return choices;
}

std::vector<std::string_view> solver_choices() {
  std::vector<std::string_view> choices;
  for (const collision::DistributedSolverEntry& entry : collision::distributed_solvers()) {
    choices.push_back(entry.name);
  }
  return choices;
}

// The keys the solvers declare (alm_penalty, minmap_krylov, ...), each read by its kind. Like
// before the table, they are accepted whatever the solver and used by the solvers that own them.
void read_solver_parameters(const YamlNodeReader& section, collision::SolverParameterValues& values) {
  using Kind = collision::SolverParameterKind;
  for (const collision::SolverParameterSpec& spec : collision::distributed_solver_scenario_keys()) {
    const auto node = section.optional_child(spec.key);
    if (!node) continue;
    switch (spec.kind) {
      case Kind::positive_number:
        values.set(spec.key, node->as_positive_double());
        break;
      case Kind::non_negative_number:
        values.set(spec.key, as_non_negative_double(*node));
        break;
      case Kind::count:
        values.set(spec.key, static_cast<double>(as_int_count(*node)));
        break;
      case Kind::non_negative_count:
        values.set(spec.key, static_cast<double>(at_most_int(*node, as_count(*node))));
        break;
      case Kind::fraction: {
        const double fraction = as_non_negative_double(*node);
        if (fraction > 1.0) node->fail("must lie in [0, 1]");
        values.set(spec.key, fraction);
        break;
      }
      case Kind::choice:
        values.set(spec.key, as_choice(*node, spec.choices, spec.choice_label));
        break;
    }
  }
}

}  // namespace

CollisionSettings read_collision_section(const YamlNodeReader& section) {
  section.expect_map();
  section.expect_only_keys(collision_keys());
  CollisionSettings settings;
  collision::ContactSettings& contact = settings.contact;
  if (const auto node = section.optional_child("strategy")) {
    const std::string name = as_choice(*node, strategy_choices(), "strategy");
    settings.enabled = name != "none";
    if (settings.enabled) contact.strategy.name = name;
  }
  if (const auto node = section.optional_child("solver")) {
    contact.solver.name = as_choice(*node, solver_choices(), "solver");
  }
  if (const auto node = section.optional_child("tolerance")) contact.strategy.tolerance = node->as_positive_double();
  if (const auto node = section.optional_child("solver_tolerance")) {
    contact.solver.tolerance = node->as_positive_double();
    if (contact.solver.tolerance > contact.strategy.tolerance) node->fail("must not exceed collision.tolerance");
  }
  if (const auto node = section.optional_child("max_solver_iterations")) {
    contact.solver.max_iterations = as_int_count(*node);
  }
  read_solver_parameters(section, contact.solver.parameters);
  if (const auto node = section.optional_child("preconditioner")) {
    const std::string choice = as_choice(*node, {"auto", "none", "jacobi"}, "preconditioner");
    if (choice == "none") contact.solver.preconditioner = collision::DistributedPreconditioner::none;
    if (choice == "jacobi") {
      if (!collision::distributed_solver(contact.solver.name).capabilities.jacobi_scaling) {
        node->fail(
            "jacobi needs collision.solver " +
            listed(collision::distributed_solver_names_with(&collision::DistributedSolverCapabilities::jacobi_scaling),
                   " or ") +
            ", not " + contact.solver.name);
      }
      contact.solver.preconditioner = collision::DistributedPreconditioner::jacobi;
    }
  }
  if (const auto node = section.optional_child("backend")) {
    if (as_choice(*node, {"cpu", "cuda"}, "backend") == "cuda") {
      const collision::DistributedSolverCapabilities can =
          collision::distributed_solver(contact.solver.name).capabilities;
      if (!can.cuda_backend) {
        node->fail(
            "cuda needs collision.solver " +
            listed(collision::distributed_solver_names_with(&collision::DistributedSolverCapabilities::cuda_backend),
                   " or ") +
            ", not " + contact.solver.name);
      }
      if (contact.solver.preconditioner == collision::DistributedPreconditioner::jacobi) {
        node->fail("cuda does not take collision.preconditioner jacobi: use none");
      }
      if (!collision::cuda_backend_built()) {
        node->fail("cuda needs relcp built with CUDA (cmake -DRELCP_CUDA=ON); this build has none");
      }
      contact.solver.backend = collision::ComputeBackend::cuda;
    }
  }
  contact.detection_backend = contact.solver.backend;
  if (const auto node = section.optional_child("detection_backend")) {
    const bool cuda = as_choice(*node, {"cpu", "cuda"}, "detection backend") == "cuda";
    if (cuda && !collision::cuda_backend_built()) {
      node->fail("cuda needs relcp built with CUDA (cmake -DRELCP_CUDA=ON); this build has none");
    }
    contact.detection_backend = cuda ? collision::ComputeBackend::cuda : collision::ComputeBackend::cpu;
  }
  contact.pair_search_backend = contact.detection_backend;
  if (const auto node = section.optional_child("pair_search_backend")) {
    const bool cuda = as_choice(*node, {"cpu", "cuda"}, "pair search backend") == "cuda";
    if (cuda && !collision::cuda_backend_built()) {
      node->fail("cuda needs relcp built with CUDA (cmake -DRELCP_CUDA=ON); this build has none");
    }
    contact.pair_search_backend = cuda ? collision::ComputeBackend::cuda : collision::ComputeBackend::cpu;
  }
  if (const auto node = section.optional_child("warm_start")) {
    contact.solver.warm_start_from_previous_step =
        as_choice(*node, {"zero", "previous_step"}, "warm start") == "previous_step";
  }
  if (const auto node = section.optional_child("max_relcp_iterations")) {
    contact.strategy.max_relcp_iterations = as_int_count(*node);
  }
  if (const auto node = section.optional_child("on_max_relcp_iterations")) {
    contact.strategy.on_max_relcp_iterations = as_choice(*node, {"accept", "fail"}, "policy") == "fail"
                                                   ? collision::RelcpCapPolicy::fail
                                                   : collision::RelcpCapPolicy::accept;
  }
  if (const auto node = section.optional_child("multisphere_count")) {
    contact.strategy.multisphere_count = as_int_count(*node);  // suits the shapes: scenario_validation
  }
  if (const auto node = section.optional_child("search_buffer")) {
    contact.strategy.search_buffer = as_non_negative_double(*node);
  }
  if (const auto node = section.optional_child("relcp_carried_rows")) {
    contact.strategy.carried_rows = node->as_bool();
  }
  if (const auto node = section.optional_child("relcp_line_contact_rows")) {
    const std::string choice = as_choice(*node, {"auto", "on", "off"}, "line contact rows setting");
    contact.strategy.line_contact_rows = choice == "on"    ? collision::LineContactRows::on
                                         : choice == "off" ? collision::LineContactRows::off
                                                           : collision::LineContactRows::automatic;
  }
  if (const auto node = section.optional_child("friction")) {
    contact.friction.coefficients.sliding.pairs = as_non_negative_double(*node);
  }
  if (const auto node = section.optional_child("rolling_friction")) {
    contact.friction.coefficients.rolling.pairs = as_non_negative_double(*node);
  }
  if (const auto node = section.optional_child("spinning_friction")) {
    contact.friction.coefficients.spinning.pairs = as_non_negative_double(*node);
  }
  if (const auto node = section.optional_child("friction_model")) {
    contact.friction.model = as_choice(*node, {"coulomb", "ccp"}, "friction model") == "ccp"
                                 ? collision::FrictionModel::ccp
                                 : collision::FrictionModel::coulomb;
  }
  if (const auto node = section.optional_child("max_coulomb_iterations")) {
    contact.friction.max_coulomb_iterations = as_int_count(*node);
  }
  if (const auto node = section.optional_child("max_coulomb_rescue_sweeps")) {
    contact.friction.max_coulomb_rescue_sweeps = at_most_int(*node, as_count(*node));
  }
  return settings;
}

}  // namespace relcp::io
