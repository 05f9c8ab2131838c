#include "io/dcs/dlcp_problem_parser.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/memory_budget.hpp"
#include "dcs/problems/expression.hpp"
#include "dcs/problems/rectifier_problem.hpp"
#include "dcs/problems/signorini_problem.hpp"
#include "dcs/problems/wuchen_small_problem.hpp"

namespace relcp::io::dcs {
namespace {

using relcp::dcs::DenseMatrix;
using relcp::dcs::LcpSelection;
using relcp::dcs::Vector;

std::string element_path(const ScenarioNode& node, std::string_view key, std::size_t i) {
  return node.key_path(key) + "[" + std::to_string(i) + "]";
}

// A list of rows of numbers, all of the same length.
DenseMatrix parse_matrix(const ScenarioNode& node, std::string_view key) {
  if (!node.has(key)) node.fail(key, "missing (a matrix, as a list of rows, is required)");
  const YAML::Node rows = node.yaml(key);
  if (!rows.IsSequence() || rows.size() == 0) node.fail(key, "must be a non-empty list of rows");
  DenseMatrix matrix;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const YAML::Node row = rows[i];
    if (!row.IsSequence()) node.fail_at(row, element_path(node, key, i), "must be a list of numbers");
    if (i == 0) matrix.resize(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(row.size()));
    if (static_cast<Eigen::Index>(row.size()) != matrix.cols()) {
      node.fail_at(row, element_path(node, key, i),
                   "has " + std::to_string(row.size()) + " entries but row 0 has " + std::to_string(matrix.cols()));
    }
    for (std::size_t j = 0; j < row.size(); ++j) {
      double entry = 0.0;
      if (!row[j].IsScalar() || !YAML::convert<double>::decode(row[j], entry) || !std::isfinite(entry)) {
        node.fail_at(row[j], element_path(node, key, i) + "[" + std::to_string(j) + "]", "must be a finite number");
      }
      matrix(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = entry;
    }
  }
  return matrix;
}

// A list of muParser expressions of t (numbers are expressions too).
relcp::dcs::TimeFunction parse_expressions(const ScenarioNode& node, std::string_view key, Eigen::Index size) {
  const YAML::Node list = node.yaml(key);
  if (!list.IsSequence()) node.fail(key, "must be a list of expressions of t");
  if (static_cast<Eigen::Index>(list.size()) != size) {
    node.fail(key, "has " + std::to_string(list.size()) + " components but must have " + std::to_string(size));
  }
  std::vector<std::string> texts;
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (!list[i].IsScalar()) node.fail_at(list[i], element_path(node, key, i), "must be an expression of t");
    texts.push_back(list[i].Scalar());
    try {
      relcp::dcs::TimeExpression check(texts.back());
    } catch (const InputError& error) {
      node.fail_at(list[i], element_path(node, key, i), error.message());
    }
  }
  const relcp::dcs::TimeExpressionVector expressions(texts);
  return [expressions](double t) { return expressions(t); };
}

Vector parse_vector(const ScenarioNode& node, std::string_view key) {
  const std::vector<double> values = node.numbers(key);
  return Eigen::Map<const Vector>(values.data(), static_cast<Eigen::Index>(values.size()));
}

// Problem-level validation errors carry the name of the offending part as their key.
template <class Check>
void located(const ScenarioNode& problem, Check&& check) {
  try {
    check();
  } catch (const InputError& error) {
    const std::string key = error.key().empty() ? "type" : error.key();
    problem.fail(problem.has(key) ? key : "type", error.message());
  }
}

}  // namespace

DlcpScenarioProblem parse_dlcp_problem(const ScenarioNode& problem) {
  problem.allow_only({"type", "A", "B", "N", "M", "f", "g", "x0"});
  relcp::dcs::DlcpProblem dlcp;
  dlcp.name = "dlcp";
  const DenseMatrix A = parse_matrix(problem, "A");
  const DenseMatrix M = parse_matrix(problem, "M");
  dlcp.A = relcp::dcs::to_sparse(A);
  dlcp.B = relcp::dcs::to_sparse(parse_matrix(problem, "B"));
  dlcp.N = relcp::dcs::to_sparse(parse_matrix(problem, "N"));
  dlcp.M = M;
  dlcp.x0 = parse_vector(problem, "x0");
  if (problem.has("f")) dlcp.f = parse_expressions(problem, "f", A.rows());
  if (problem.has("g")) dlcp.g = parse_expressions(problem, "g", M.rows());
  located(problem, [&] { relcp::dcs::validate(dlcp); });
  return {"dlcp", std::move(dlcp), LcpSelection::unique, relcp::dcs::InfeasibleLcpPolicy::fail, {}};
}

DlcpScenarioProblem parse_signorini_problem(const ScenarioNode& problem) {
  problem.allow_only({"type", "dx", "c"});
  relcp::dcs::SignoriniParameters parameters;
  parameters.dx = problem.positive("dx", parameters.dx);
  parameters.c = problem.positive("c", parameters.c);
  // Q = 1/dx - 1 grid points per side: Q^2 unknowns with their sparse rows and vectors
  // (about 300 bytes each) and a dense Q x Q M.
  const double side = 1.0 / parameters.dx;
  if (const auto shortfall = memory_shortfall(side * side * 308.0)) {
    problem.fail("dx", "a grid of " + std::to_string(std::llround(std::min(side, 1e18))) + "^2 points " + *shortfall);
  }
  relcp::dcs::SignoriniProblem signorini;
  located(problem, [&] { signorini = relcp::dcs::make_signorini_problem(parameters); });
  JsonFields fields = {{"dx", parameters.dx}, {"c", parameters.c}, {"grid_side", signorini.side}};
  return {"signorini", std::move(signorini.dlcp), LcpSelection::least_element, relcp::dcs::InfeasibleLcpPolicy::fail,
          std::move(fields)};
}

DlcpScenarioProblem parse_wuchen_small_problem(const ScenarioNode& problem) {
  problem.allow_only({"type", "g", "x0"});
  relcp::dcs::TimeFunction g = relcp::dcs::wuchen_small_chosen_g;
  if (problem.has("g")) g = parse_expressions(problem, "g", 4);
  Vector x0 = relcp::dcs::wuchen_small_chosen_x0();
  if (problem.has("x0")) {
    x0 = parse_vector(problem, "x0");
    if (x0.size() != 3) problem.fail("x0", "must have 3 components");
  }
  relcp::dcs::DlcpProblem dlcp;
  located(problem, [&] { dlcp = relcp::dcs::make_wuchen_small_problem(std::move(g), x0); });
  JsonFields fields = {{"g", problem.has("g") ? "given" : "docs/dlcp.md choice"},
                       {"x0", problem.has("x0") ? "given" : "docs/dlcp.md choice"}};
  return {"wuchen_small", std::move(dlcp), LcpSelection::least_element, relcp::dcs::InfeasibleLcpPolicy::fail,
          std::move(fields)};
}

DlcpScenarioProblem parse_rectifier_problem(const ScenarioNode& problem) {
  problem.allow_only({"type", "capacitances", "collocation"});
  std::vector<double> capacitances = {1.8};
  const std::string collocation = problem.text("collocation", "none");
  if (collocation == "stochastic-testing") {
    if (problem.has("capacitances")) problem.fail("capacitances", "not allowed with collocation: stochastic-testing");
    capacitances = relcp::dcs::rectifier_collocation_capacitances();
  } else if (collocation != "none") {
    problem.fail("collocation", "must be none or stochastic-testing");
  } else if (problem.has("capacitances")) {
    capacitances = problem.numbers("capacitances");
  }
  relcp::dcs::DncpProblem dncp;
  located(problem, [&] { dncp = relcp::dcs::make_rectifier_problem(capacitances); });
  return {"rectifier",
          std::move(dncp),
          LcpSelection::least_norm,
          relcp::dcs::InfeasibleLcpPolicy::coupled,
          {{"capacitances", capacitances}}};
}

DlcpScenarioProblem parse_pds_problem(const ScenarioNode& problem) {
  problem.allow_only({"type", "x_max", "c22"});
  relcp::dcs::SpatialPriceOptions options;
  options.x_max = problem.positive("x_max", options.x_max);
  const std::string c22 = problem.text("c22", "x22");
  if (c22 == "as-printed") {
    options.c22_as_printed = true;
  } else if (c22 != "x22") {
    problem.fail("c22", "must be x22 or as-printed");
  }
  return {"pds",
          relcp::dcs::make_spatial_price_equilibrium(options),
          LcpSelection::least_element,
          relcp::dcs::InfeasibleLcpPolicy::fail,
          {{"x_max", options.x_max}, {"c22", c22}}};
}

}  // namespace relcp::io::dcs
