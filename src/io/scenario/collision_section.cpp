#include <variant>

#include "geometry/multisphere/multisphere.hpp"
#include "io/scenario/scenario_sections.hpp"
#include "io/scenario/scenario_values.hpp"

namespace relcp::io {

std::string_view name_of(CollisionStrategy strategy) {
  switch (strategy) {
    case CollisionStrategy::none: return "none";
    case CollisionStrategy::single: return "single";
    case CollisionStrategy::multisphere: return "multisphere";
    case CollisionStrategy::relcp: return "relcp";
  }
  return "unknown";
}

namespace {

int as_int_count(const YamlNodeReader& node) {
  const std::int64_t value = as_positive_count(node);
  if (value > 1'000'000'000) node.fail("must be at most 1000000000");
  return static_cast<int>(value);
}

// Spheres are their own decomposition whatever the count (collision/detection/pair_constraints.cpp).
void expect_valid_multisphere_count(const YamlNodeReader& node, int count,
                                    std::span<const geometry::Shape> shapes) {
  for (const geometry::Shape& shape : shapes) {
    if (std::holds_alternative<geometry::Sphere>(shape)) continue;
    if (const auto problem = geometry::multisphere_count_problem(shape, count)) {
      node.fail("must suit every shape of the scenario: " + *problem);
    }
  }
}

}  // namespace

CollisionSettings read_collision_section(const YamlNodeReader& section,
                                         std::span<const geometry::Shape> shapes) {
  section.expect_map();
  section.expect_only_keys(kCollisionKeys);
  CollisionSettings settings;
  collision::ContactSettings& contact = settings.contact;
  if (const auto node = section.optional_child("strategy")) {
    const std::string name = as_choice(*node, {"none", "single", "multisphere", "relcp"}, "strategy");
    if (name == "single") {
      settings.strategy = CollisionStrategy::single;
      contact.strategy = collision::ContactStrategyKind::single;
    } else if (name == "multisphere") {
      settings.strategy = CollisionStrategy::multisphere;
      contact.strategy = collision::ContactStrategyKind::multisphere;
    } else if (name == "relcp") {
      settings.strategy = CollisionStrategy::relcp;
      contact.strategy = collision::ContactStrategyKind::relcp;
    } else {
      settings.strategy = CollisionStrategy::none;
    }
  }
  if (const auto node = section.optional_child("solver")) {
    contact.solver = as_choice(*node, {"auto", "bbpgd", "apgd", "mprgp", "minmap", "alm", "ip"}, "solver");
  }
  if (const auto node = section.optional_child("tolerance")) contact.tolerance = node->as_positive_double();
  if (const auto node = section.optional_child("solver_tolerance")) {
    contact.solver_tolerance = node->as_positive_double();
    if (contact.solver_tolerance > contact.tolerance) node->fail("must not exceed collision.tolerance");
  }
  if (const auto node = section.optional_child("max_solver_iterations")) {
    contact.max_solver_iterations = as_int_count(*node);
  }
  if (const auto node = section.optional_child("alm_penalty")) {
    contact.alm_penalty = node->as_positive_double();
  }
  if (const auto node = section.optional_child("alm_factorization")) {
    const std::string where = as_choice(*node, {"auto", "gathered", "distributed"}, "alm factorization");
    contact.alm_factorization = where == "gathered"      ? collision::AlmFactorization::gathered
                                : where == "distributed" ? collision::AlmFactorization::distributed
                                                         : collision::AlmFactorization::automatic;
  }
  // The minmap keys, like alm_penalty, are read whatever the solver and used by minmap only.
  if (const auto node = section.optional_child("minmap_krylov")) {
    contact.minmap_krylov = as_choice(*node, {"cg", "gmres"}, "Krylov method") == "gmres"
                                ? collision::KrylovMethod::gmres
                                : collision::KrylovMethod::cg;
  }
  if (const auto node = section.optional_child("minmap_krylov_iterations")) {
    contact.minmap_krylov_iterations = as_int_count(*node);
  }
  if (const auto node = section.optional_child("minmap_regularization")) {
    contact.minmap_regularization = as_non_negative_double(*node);  // refuses .inf and .nan
  }
  if (const auto node = section.optional_child("preconditioner")) {
    if (as_choice(*node, {"none", "jacobi"}, "preconditioner") == "jacobi") {
      if (contact.solver == "minmap" || contact.solver == "alm" || contact.solver == "ip") {
        node->fail("jacobi needs collision.solver bbpgd, apgd or mprgp, not " + contact.solver);
      }
      contact.preconditioner = collision::DistributedPreconditioner::jacobi;
    }
  }
  if (const auto node = section.optional_child("warm_start")) {
    contact.warm_start_from_previous_step =
        as_choice(*node, {"zero", "previous_step"}, "warm start") == "previous_step";
  }
  if (const auto node = section.optional_child("max_relcp_iterations")) {
    contact.max_relcp_iterations = as_int_count(*node);
  }
  if (const auto node = section.optional_child("on_max_relcp_iterations")) {
    contact.on_max_relcp_iterations = as_choice(*node, {"accept", "fail"}, "policy") == "fail"
                                          ? collision::RelcpCapPolicy::fail
                                          : collision::RelcpCapPolicy::accept;
  }
  if (const auto node = section.optional_child("multisphere_count")) {
    contact.multisphere_count = as_int_count(*node);
    expect_valid_multisphere_count(*node, contact.multisphere_count, shapes);
  }
  if (const auto node = section.optional_child("search_buffer")) {
    contact.search_buffer = as_non_negative_double(*node);
  }
  if (const auto node = section.optional_child("friction")) contact.friction.pairs = as_non_negative_double(*node);
  if (const auto node = section.optional_child("friction_model")) {
    contact.friction_model = as_choice(*node, {"coulomb", "ccp"}, "friction model") == "ccp"
                                 ? collision::FrictionModel::ccp
                                 : collision::FrictionModel::coulomb;
  }
  if (const auto node = section.optional_child("max_coulomb_iterations")) {
    contact.max_coulomb_iterations = as_int_count(*node);
  }
  return settings;
}

}  // namespace relcp::io
