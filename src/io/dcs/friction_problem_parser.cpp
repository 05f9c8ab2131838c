#include "io/dcs/friction_problem_parser.hpp"

#include <Eigen/Cholesky>
#include <string>
#include <vector>

namespace relcp::io::dcs {
namespace {

using relcp::dcs::DenseMatrix;
using relcp::dcs::HarmonicForce;
using relcp::dcs::Vector;

std::vector<double> numbers_of_size(const ScenarioNode& node, std::string_view key, std::size_t size) {
  std::vector<double> values = node.numbers(key);
  if (values.size() != size) {
    node.fail(key, "must have " + std::to_string(size) + " entries, has " + std::to_string(values.size()));
  }
  return values;
}

void require_all(const ScenarioNode& node, std::string_view key, const std::vector<double>& values,
                 bool strictly_positive) {
  for (double value : values) {
    if (strictly_positive ? !(value > 0.0) : !(value >= 0.0)) {
      node.fail(key, strictly_positive ? "entries must be positive" : "entries must not be negative");
    }
  }
}

Vector to_vector(const std::vector<double>& values) {
  return Eigen::Map<const Vector>(values.data(), static_cast<Eigen::Index>(values.size()));
}

// `forcing`: absent, one mapping or a list of mappings; `index_key` names the coordinate.
std::vector<HarmonicForce> parse_forcing(const ScenarioNode& problem, std::string_view index_key, int dof_count) {
  std::vector<HarmonicForce> forces;
  if (!problem.has("forcing")) return forces;
  const YAML::Node forcing = problem.yaml("forcing");
  std::vector<std::pair<YAML::Node, std::string>> entries;
  if (forcing.IsMap()) {
    entries.emplace_back(forcing, problem.key_path("forcing"));
  } else if (forcing.IsSequence()) {
    for (std::size_t i = 0; i < forcing.size(); ++i) {
      entries.emplace_back(forcing[i], problem.key_path("forcing") + "[" + std::to_string(i) + "]");
    }
  } else {
    problem.fail("forcing", "must be a mapping or a list of mappings");
  }
  for (const auto& [yaml, path] : entries) {
    if (!yaml.IsMap()) problem.fail_at(yaml, path, "must be a mapping");
    const ScenarioNode entry = problem.nested(yaml, path);
    entry.allow_only({index_key, "amplitude", "omega", "phase"});
    HarmonicForce force;
    force.dof = entry.integer(index_key, -1);
    if (force.dof < 0 || force.dof >= dof_count) {
      entry.fail(index_key, "must be a 0-based index below " + std::to_string(dof_count));
    }
    force.amplitude = entry.number("amplitude");
    force.omega = entry.number("omega");
    force.phase = entry.number("phase", 0.0);
    forces.push_back(force);
  }
  return forces;
}

// A list of n rows of n numbers, or a list of n numbers for a diagonal matrix.
DenseMatrix parse_matrix(const ScenarioNode& problem, std::string_view key, int n) {
  if (!problem.has(key)) problem.fail(key, "missing (a matrix or a diagonal list is required)");
  const YAML::Node value = problem.yaml(key);
  if (!value.IsSequence() || value.size() != static_cast<std::size_t>(n)) {
    problem.fail(key, "must be a list of " + std::to_string(n) + " numbers or rows");
  }
  if (value[0].IsScalar()) return to_vector(problem.numbers(key)).asDiagonal();
  DenseMatrix matrix(n, n);
  for (int i = 0; i < n; ++i) {
    const std::string row_path = problem.key_path(key) + "[" + std::to_string(i) + "]";
    if (!value[i].IsSequence() || value[i].size() != static_cast<std::size_t>(n)) {
      problem.fail_at(value[i], row_path, "must be a row of " + std::to_string(n) + " numbers");
    }
    for (int j = 0; j < n; ++j) {
      double entry = 0.0;
      if (!value[i][j].IsScalar() || !YAML::convert<double>::decode(value[i][j], entry)) {
        problem.fail_at(value[i][j], row_path + "[" + std::to_string(j) + "]", "must be a number");
      }
      matrix(i, j) = entry;
    }
  }
  return matrix;
}

}  // namespace

relcp::dcs::FrictionOscillator parse_friction_chain(const ScenarioNode& problem) {
  problem.allow_only({"type", "masses", "stiffness", "damping", "friction", "forcing", "x0", "v0"});
  relcp::dcs::FrictionChain chain;
  chain.masses = problem.numbers("masses");
  if (chain.masses.empty()) problem.fail("masses", "needs at least one mass");
  const std::size_t n = chain.masses.size();
  require_all(problem, "masses", chain.masses, true);
  chain.stiffness = numbers_of_size(problem, "stiffness", n);
  require_all(problem, "stiffness", chain.stiffness, false);
  chain.damping = numbers_of_size(problem, "damping", n);
  require_all(problem, "damping", chain.damping, false);
  chain.friction = numbers_of_size(problem, "friction", n);
  require_all(problem, "friction", chain.friction, false);
  chain.forcing = parse_forcing(problem, "mass", static_cast<int>(n));
  chain.x0 = numbers_of_size(problem, "x0", n);
  chain.v0 = numbers_of_size(problem, "v0", n);
  return relcp::dcs::make_friction_chain(chain);
}

relcp::dcs::FrictionOscillator parse_friction_oscillator(const ScenarioNode& problem) {
  problem.allow_only({"type", "mass", "damping", "stiffness", "friction", "forcing", "x0", "v0"});
  relcp::dcs::FrictionOscillator oscillator;
  const std::vector<double> friction = problem.numbers("friction");
  if (friction.empty()) problem.fail("friction", "needs one entry per coordinate");
  const int n = static_cast<int>(friction.size());
  require_all(problem, "friction", friction, false);
  oscillator.friction = to_vector(friction);
  oscillator.mass = parse_matrix(problem, "mass", n);
  if (!oscillator.mass.isApprox(oscillator.mass.transpose()) ||
      Eigen::LLT<DenseMatrix>(oscillator.mass).info() != Eigen::Success) {
    problem.fail("mass", "must be symmetric positive definite");
  }
  oscillator.damping = parse_matrix(problem, "damping", n);
  oscillator.stiffness = parse_matrix(problem, "stiffness", n);
  oscillator.forcing = parse_forcing(problem, "dof", n);
  oscillator.q0 = to_vector(numbers_of_size(problem, "x0", n));
  oscillator.v0 = to_vector(numbers_of_size(problem, "v0", n));
  return oscillator;
}

}  // namespace relcp::io::dcs
