#include "dcs/switching/switching_lcp.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/error.hpp"
#include "dcs/switching/switching_matrix.hpp"
#include "lcp/pivoting/enumeration.hpp"
#include "lcp/pivoting/lemke.hpp"

namespace relcp::dcs {
namespace {

ActiveSet active_set_of(const Vector& solution, const ActiveSet& candidates, double threshold) {
  ActiveSet active(candidates.size());
  int index = 0;
  for (std::size_t term = 0; term < candidates.size(); ++term) {
    for (int mode : candidates[term]) {
      if (solution[index++] > threshold) active[term].push_back(mode);
    }
  }
  return active;
}

// Rows and columns of M over `candidates` that belong to the sub-tuple `subset`.
DenseMatrix restrict_coupling(const DenseMatrix& coupling, const ActiveSet& candidates, const ActiveSet& subset) {
  std::vector<Eigen::Index> kept;
  Eigen::Index index = 0;
  for (std::size_t term = 0; term < candidates.size(); ++term) {
    for (int mode : candidates[term]) {
      if (std::binary_search(subset[term].begin(), subset[term].end(), mode)) kept.push_back(index);
      ++index;
    }
  }
  DenseMatrix restricted(kept.size(), kept.size());
  for (std::size_t i = 0; i < kept.size(); ++i) {
    for (std::size_t j = 0; j < kept.size(); ++j) restricted(i, j) = coupling(kept[i], kept[j]);
  }
  return restricted;
}

// z_i and w_i both within `threshold` of zero for some active-mode row.
bool lacks_strict_complementarity(const lcp::LcpProblem& problem, const Vector& solution, int card, double threshold) {
  const Vector w = problem.w(solution);
  for (int i = 0; i < card; ++i) {
    if (std::abs(solution[i]) <= threshold && std::abs(w[i]) <= threshold) return true;
  }
  return false;
}

// Orders active sets by preference: the first is chosen.
bool preferred(const ActiveSet& a, const ActiveSet& b, SolutionChoice choice) {
  const int card_a = cardinality(a), card_b = cardinality(b);
  if (card_a != card_b) return choice == SolutionChoice::fewest_modes ? card_a < card_b : card_a > card_b;
  return a < b;
}

}  // namespace

lcp::LcpProblem switching_lcp(const DenseMatrix& coupling, const ActiveSet& active) {
  const DenseMatrix n_alpha = augmented_matrix(coupling, active, positive_shift(coupling));
  const auto terms = static_cast<Eigen::Index>(active.size());
  Vector q = Vector::Zero(n_alpha.rows());
  q.tail(terms).setConstant(-1.0);
  return lcp::LcpProblem(n_alpha, q);
}

LcpSolutions solve_switching_lcp(const lcp::LcpProblem& problem, const SwitchingLcpOptions& options) {
  LcpSolutions result;
  if (problem.size() <= std::min<lcp::Index>(options.enumeration_limit, lcp::kMaxEnumerationSize)) {
    result.solutions = lcp::enumerate_lcp_solutions(problem, options.lcp_tolerance);
  } else {
    lcp::SolverOptions solver_options;
    solver_options.tolerance = options.lcp_tolerance;
    solver_options.record_history = false;
    const lcp::SolverResult solved = lcp::LemkeSolver{}.solve(problem, solver_options);
    if (solved.status == lcp::Status::converged) result.solutions.push_back(solved.z);
    result.complete = false;
  }
  if (result.solutions.empty()) {
    throw RunTimeFailure("switching: the switching LCP of size " + std::to_string(problem.size()) +
                         " has no solution within tolerance " + std::to_string(options.lcp_tolerance));
  }
  return result;
}

ActiveSetChoice choose_active_set(CountedSystem& system, const ActiveSet& candidates, double t, const Vector& x,
                                  const SwitchingLcpOptions& options) {
  const DenseMatrix coupling = build_switching_matrices(system, candidates, t, x).coupling;
  const int card = cardinality(candidates);
  const lcp::LcpProblem problem = switching_lcp(coupling, candidates);
  const LcpSolutions found = solve_switching_lcp(problem, options);

  ActiveSetChoice choice;
  choice.lcp_solves = 1;
  for (const Vector& solution : found.solutions) {
    ActiveSet active = active_set_of(solution, candidates, options.active_weight);
    if (!is_null_free(active)) {
      throw RunTimeFailure("switching: a switching LCP solution at t = " + std::to_string(t) +
                           " leaves a term without an active mode (I0 = " + to_string(candidates) + ")");
    }
    if (lacks_strict_complementarity(problem, solution, card, options.active_weight)) {
      choice.degenerate = true;
    }
    if (std::find(choice.candidates.begin(), choice.candidates.end(), active) == choice.candidates.end()) {
      choice.candidates.push_back(std::move(active));
    }
  }
  choice.chosen =
      *std::min_element(choice.candidates.begin(), choice.candidates.end(),
                        [&](const ActiveSet& a, const ActiveSet& b) { return preferred(a, b, options.choice); });

  if (found.complete) {
    const lcp::LcpProblem restricted =
        switching_lcp(restrict_coupling(coupling, candidates, choice.chosen), choice.chosen);
    choice.chosen_is_ambiguous = solve_switching_lcp(restricted, options).solutions.size() > 1;
    ++choice.lcp_solves;
  }
  return choice;
}

}  // namespace relcp::dcs
