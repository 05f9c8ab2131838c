#include "dcs/batched/lcp_selection.hpp"

#include <array>
#include <limits>
#include <utility>

#include "core/error.hpp"
#include "dcs/batched/dlcp_least_element.hpp"
#include "dcs/batched/dlcp_principal_pivoting.hpp"
#include "dcs/problems/dlcp_matrix_properties.hpp"

namespace relcp::dcs {
namespace {

constexpr std::array<std::pair<std::string_view, LcpSelection>, 3> kSelections{{
    {"unique", LcpSelection::unique},
    {"least-norm", LcpSelection::least_norm},
    {"least-element", LcpSelection::least_element},
}};

}  // namespace

std::string_view to_string(LcpSelection selection) {
  for (const auto& [name, value] : kSelections) {
    if (value == selection) return name;
  }
  return "unknown";
}

std::vector<std::string> lcp_selection_names() {
  std::vector<std::string> names;
  for (const auto& [name, value] : kSelections) names.emplace_back(name);
  return names;
}

LcpSelection parse_lcp_selection(std::string_view name) {
  for (const auto& [known, value] : kSelections) {
    if (known == name) return value;
  }
  throw InputError("selection",
                   "unknown selection '" + std::string(name) + "' (known: unique, least-norm, least-element)");
}

std::optional<bool> selection_applies(const DenseMatrix& M, LcpSelection selection) {
  switch (selection) {
    case LcpSelection::unique:
      return is_p_matrix(M);
    case LcpSelection::least_norm:
      return is_positive_semidefinite(M);
    case LcpSelection::least_element:
      return is_z_matrix(M);
  }
  return std::nullopt;
}

std::string_view selection_requirement(LcpSelection selection) {
  switch (selection) {
    case LcpSelection::unique:
      return "a P-matrix";
    case LcpSelection::least_norm:
      return "positive semidefinite";
    case LcpSelection::least_element:
      return "a Z-matrix";
  }
  return "";
}

LcpSelectionSolver::LcpSelectionSolver(DenseMatrix M, LcpSelection selection, double tolerance)
    : M_(std::move(M)), selection_(selection), tolerance_(tolerance) {
  if (M_.rows() != M_.cols() || M_.rows() == 0) throw InputError("M", "the LCP matrix must be square and non-empty");
  if (!(tolerance_ > 0.0)) throw InputError("lcp_tolerance", "the LCP tolerance must be positive");
  if (selection_ == LcpSelection::least_norm) least_norm_.emplace(M_);
}

LcpOutcome LcpSelectionSolver::solve(const Vector& q, Vector& y) const {
  switch (selection_) {
    case LcpSelection::unique:
      return solve_by_principal_pivoting(M_, q, tolerance_, y);
    case LcpSelection::least_norm:
      return least_norm_->solve(q, tolerance_, y);
    case LcpSelection::least_element:
      return solve_least_element(M_, q, tolerance_, y);
  }
  return {};
}

Vector initial_complementarity(const DenseMatrix& M, const Vector& q0, LcpSelection selection, double tolerance,
                               bool& solved) {
  const LcpSelectionSolver solver(M, selection, tolerance);
  Vector y;
  solved = solver.solve(q0, y).status == lcp::Status::converged;
  if (!solved) y = Vector::Constant(M.rows(), std::numeric_limits<double>::quiet_NaN());
  return y;
}

}  // namespace relcp::dcs
