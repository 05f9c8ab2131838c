#include "collision/solvers/coulomb_fixed_point.hpp"

#include <mpi.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>

#include "collision/linalg/distributed_vector_ops.hpp"

namespace relcp::collision {
namespace {

// The fixed point is declared stalled when kStallPasses passes in a row fail to bring the
// Coulomb residual below kStallFactor times its best so far (on a 1000-sphere stack it
// hovered at 2-3e-7 from the 8th pass through the 100th).
constexpr int kStallPasses = 3;
constexpr double kStallFactor = 0.9;
// Once a pass's Coulomb residual is within kNearTolerance times the tolerance, the next passes
// solve their CCP to kNearToleranceCcpFactor times it: a CCP solved to the tolerance leaves that
// much in the Coulomb residual by itself, and on configs/pile.yaml at 1e-7 such fixed points
// stalled at 1.00-1.10 times the tolerance (docs/friction.md, "Near the tolerance").
constexpr double kNearTolerance = 3.0;
constexpr double kNearToleranceCcpFactor = 0.5;

void gradient(const DistributedLcp& problem, const DistributedVector& gamma, DistributedVector& g) {
  problem.A.apply(gamma, g);
  axpy(1.0, problem.c, g);
}

double max_difference(const DistributedVector& a, const DistributedVector& b) {
  DistributedVector difference(a.layout());
  combine(1.0, a, -1.0, b, difference);
  return norm_inf(difference);
}

// ||gamma - P_K(gamma - (g + s))||_inf with s = s(g), the natural map of the exact problem.
double coulomb_natural_map(const lcp::FrictionCones& cones, const DistributedVector& gamma, const DistributedVector& g,
                           const DistributedVector& s, DistributedVector& work) {
  combine(1.0, g, 1.0, s, work);
  combine(1.0, gamma, -1.0, work, work);
  cones.project({work.local_data(), work.local_size()});
  combine(1.0, gamma, -1.0, work, work);
  return norm_inf(work);
}

// The rescue solver on the exact problem from `start`, stopping early once it cannot converge within
// its iterations: on the 10,164-sphere stack at 1e-7 nsgs does not converge in 1000 sweeps, which
// cost 20 s per LCP before it fell back to the CCP anyway.
DistributedSolverResult rescue_exact_problem(const CoulombRescue& rescue, const DistributedLcp& problem,
                                             const DistributedSolverOptions& options, const DistributedVector& start) {
  DistributedSolverOptions exact = options;
  exact.exact_coulomb = true;
  exact.warm_start = &start;
  exact.warm_start_extends_solution = false;
  exact.max_iterations = rescue.max_iterations;
  exact.stop_when_out_of_reach = true;
  exact.preconditioner = DistributedPreconditioner::none;
  exact.diagonal = nullptr;
  exact.backend = ComputeBackend::cpu;
  return rescue.exact_solver->solve(problem, exact);
}

}  // namespace

void de_saxce_shift(const lcp::FrictionCones& cones, const DistributedVector& g, DistributedVector& s) {
  fill(0.0, s);
  // With rolling and spinning resistance the cone's dual is K* = {y_n >= mu ||y_t|| + rolling
  // ||y_r|| + spinning |y_s|}, so the shift that makes g + s e_n lie in K* exactly when g_n >= 0
  // sums the three terms (the rolling model of Acary and co-authors in Siconos numerics).
  for (const lcp::FrictionConeBlock& block : cones.blocks()) {
    const std::size_t n = block.normal_row;
    s[n] = block.mu * std::hypot(g[n + 1], g[n + 2]);
    if (block.resists_rolling()) {
      s[n] += block.rolling * std::hypot(g[block.rolling_row()], g[block.rolling_row() + 1]);
    }
    if (block.resists_spinning()) s[n] += block.spinning * std::abs(g[block.spinning_row()]);
  }
}

namespace {

DistributedSolverResult copy_of(const DistributedSolverResult& result) {
  DistributedSolverResult copy;
  copy.status = result.status;
  copy.iterations = result.iterations;
  copy.residual = result.residual;
  copy.natural_residual = result.natural_residual;
  copy.operator_applications = result.operator_applications;
  copy.krylov_iterations = result.krylov_iterations;
  copy.factorizations = result.factorizations;
  copy.seconds = result.seconds;
  copy.history = result.history;
  copy.gamma = result.gamma.clone();
  return copy;
}

}  // namespace

CoulombSolve solve_coulomb_fixed_point(const DistributedLcpSolver& ccp_solver, const DistributedLcp& problem,
                                       const DistributedSolverOptions& options, int max_ccp_solves,
                                       CoulombRescue rescue) {
  if (options.cones == nullptr) throw std::invalid_argument("solve_coulomb_fixed_point: no friction cones");
  const lcp::FrictionCones& cones = *options.cones;
  CoulombSolve out;
  DistributedVector s(problem.c.layout());
  DistributedVector shifted = problem.c.clone();
  DistributedVector g(problem.c.layout());
  DistributedVector s_next(problem.c.layout());
  DistributedVector work(problem.c.layout());
  DistributedSolverOptions pass = options;
  int iterations = 0;
  double best_residual = std::numeric_limits<double>::infinity();
  int best_pass = 0;
  // A ReLCP re-solve's warm start solves the exact problem on the earlier rows (or is the CCP's
  // answer there): its shift is where the fixed point starts. Otherwise s starts at zero, the
  // first pass solves the unshifted CCP, and when it converged its forces are the fallback's
  // answer, so that CCP need not be solved again.
  const bool from_warm_shift = options.warm_start != nullptr && options.warm_start_extends_solution;
  if (from_warm_shift) {
    gradient(problem, *options.warm_start, g);
    de_saxce_shift(cones, g, s);
    combine(1.0, problem.c, 1.0, s, shifted);
  }
  std::optional<DistributedSolverResult> unshifted;
  for (int k = 0; k < std::max(1, max_ccp_solves); ++k) {
    out.result = ccp_solver.solve({problem.A, shifted}, pass);
    iterations += out.result.iterations;
    ++out.ccp_solves;
    ++out.fixed_point_passes;
    if (out.result.status == lcp::Status::numerical_failure) break;
    if (k == 0 && !from_warm_shift && out.result.status == lcp::Status::converged) unshifted = copy_of(out.result);
    gradient(problem, out.result.gamma, g);
    de_saxce_shift(cones, g, s_next);
    out.last_change = max_difference(s_next, s);
    out.coulomb_residual = coulomb_natural_map(cones, out.result.gamma, g, s_next, work);
    spdlog::debug("coulomb fixed point pass {}: {} {} iterations ({}), s changed by {:.3e}, Coulomb residual {:.3e}", k,
                  ccp_solver.name(), out.result.iterations, lcp::to_string(out.result.status), out.last_change,
                  out.coulomb_residual);
    s.swap(s_next);
    combine(1.0, problem.c, 1.0, s, shifted);
    // The test is on the exact problem's residual, not on s: a separating contact (gamma_n = 0)
    // may slip at any speed, and its s, which moves with it, does not change the answer.
    if (out.coulomb_residual <= options.tolerance && out.result.status == lcp::Status::converged) {
      out.fixed_point_converged = true;
      break;
    }
    // Stalled: no pass in the last kStallPasses improved the best residual by kStallFactor. The
    // first pass is no reference: a re-solve's starts near the earlier rows' answer, and the new
    // rows first take the residual up from there.
    if (k == 0) {
      best_pass = 1;
    } else if (out.coulomb_residual < kStallFactor * best_residual) {
      best_residual = out.coulomb_residual;
      best_pass = k;
    } else if (k - best_pass >= kStallPasses) {
      break;
    }
    pass.warm_start = &out.result.gamma;
    if (out.coulomb_residual <= kNearTolerance * options.tolerance) {
      pass.tolerance = kNearToleranceCcpFactor * options.tolerance;
    }
  }
  if (!out.fixed_point_converged && out.result.status != lcp::Status::numerical_failure &&
      rescue.exact_solver != nullptr && rescue.max_iterations > 0) {
    DistributedSolverResult whole = rescue_exact_problem(rescue, problem, options, out.result.gamma);
    iterations += whole.iterations;
    spdlog::debug("coulomb fixed point stalled at {:.3e}; {} from its forces: {} after {} iterations, residual {:.3e}",
                  out.coulomb_residual, rescue.exact_solver->name(), lcp::to_string(whole.status), whole.iterations,
                  whole.residual);
    if (whole.status == lcp::Status::converged) {
      out.rescued = true;
      out.result = std::move(whole);
      gradient(problem, out.result.gamma, g);
      de_saxce_shift(cones, g, s_next);
      out.coulomb_residual = coulomb_natural_map(cones, out.result.gamma, g, s_next, work);
    }
  }
  if (!out.fixed_point_converged && !out.rescued && out.result.status != lcp::Status::numerical_failure) {
    // A stalled fixed point leaves gaps g_n >= mu ||g_t|| - s that may overlap by the stall's
    // size, which ReLCP would answer with rows, step after step. The CCP of the unshifted problem
    // keeps g_n >= mu ||g_t|| >= 0: finish with the first pass's solution of it, or else solve it
    // from the last forces.
    if (unshifted) {
      out.result = std::move(*unshifted);
    } else {
      pass.warm_start = &out.result.gamma;
      pass.tolerance = options.tolerance;
      out.result = ccp_solver.solve(problem, pass);
      iterations += out.result.iterations;
      ++out.ccp_solves;
    }
    out.fell_back_to_ccp = true;
    gradient(problem, out.result.gamma, g);
    de_saxce_shift(cones, g, s_next);
    out.coulomb_residual = coulomb_natural_map(cones, out.result.gamma, g, s_next, work);
  }
  out.result.iterations = iterations;
  return out;
}

FrictionState friction_state(const lcp::FrictionCones& cones, const DistributedVector& gamma,
                             const DistributedVector& g, double slip_tolerance) {
  double violation = 0.0;
  std::int64_t counts[2] = {0, 0};
  for (const lcp::FrictionConeBlock& block : cones.blocks()) {
    const std::size_t n = block.normal_row;
    const double tangential = std::hypot(gamma[n + 1], gamma[n + 2]);
    violation = std::max(violation, tangential - block.mu * gamma[n]);
    if (block.resists_rolling()) {
      const std::size_t r = block.rolling_row();
      violation = std::max(violation, std::hypot(gamma[r], gamma[r + 1]) - block.rolling * gamma[n]);
    }
    if (block.resists_spinning()) {
      violation = std::max(violation, std::abs(gamma[block.spinning_row()]) - block.spinning * gamma[n]);
    }
    if (gamma[n] <= 0.0) continue;
    ++counts[std::hypot(g[n + 1], g[n + 2]) > slip_tolerance ? 1 : 0];
  }
  const MPI_Comm comm = gamma.layout().comm();
  FrictionState state;
  MPI_Allreduce(&violation, &state.max_cone_violation, 1, MPI_DOUBLE, MPI_MAX, comm);
  std::int64_t totals[2] = {0, 0};
  MPI_Allreduce(counts, totals, 2, MPI_INT64_T, MPI_SUM, comm);
  state.sticking = totals[0];
  state.sliding = totals[1];
  return state;
}

}  // namespace relcp::collision
