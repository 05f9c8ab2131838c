// Rolling friction by nonsmooth Gauss-Seidel over the contacts (the method of Siconos' rolling
// NSGS, rolling_fc3d_nsgs, with its ProjectionOnConeWithLocalIteration local solver, Siconos
// numerics). Each contact's reaction is solved with the others frozen, with
// b_i = q_i + sum_(j != i) W_ij r_j:
//   1. separation: b_n >= 0 gives r_i = 0;
//   2. sticking: r_i = -W_ii^-1 b_i when it lies in the rolling cone (u_i = 0);
//   3. else De Saxce's projection with the modified velocity,
//        r_i := P_K(r_i - rho (W_ii r_i + b_i + (mu ||u_t|| + mu_r ||u_r||) e_n)),
//      iterated until it stops moving, with a self-adaptive step: rho shrinks by 2/3 until
//      rho ||W_ii dr|| <= 0.9 ||dr||, grows by 3/2 when rho ||W_ii dr|| < 0.3 ||dr||, and is kept
//      per contact from one sweep to the next.
// One sweep is one pass over W; Siconos' rolling error after each sweep decides convergence.

#include <Eigen/Dense>
#include <cmath>
#include <optional>
#include <utility>
#include <vector>

#include "lcp/friction/gauss_seidel_sweeps.hpp"
#include "lcp/friction/rolling_friction_solvers.hpp"
#include "lcp/friction/rolling_solver_support.hpp"
#include "lcp/friction/siconos_rolling_error.hpp"

namespace relcp::lcp {
namespace {

constexpr Index kRows = RollingFrictionProblem::kDimension;
constexpr int kDefaultSweeps = 100000;
constexpr int kLocalIterations = 1000;
constexpr int kStepTrials = 100;       // step reductions per local iteration
constexpr double kLocalStep = 1e-14;   // relative change that ends the local iteration
constexpr double kShrink = 2.0 / 3.0;  // the step factors of Siconos' local solver
constexpr double kGrow = 1.5;
constexpr double kContraction = 0.9;       // accept rho when rho ||W dr|| <= this ||dr||
constexpr double kSmallContraction = 0.3;  // grow rho when below this

using friction_detail::RollingBlock;

struct LocalProblem {
  RollingBlock W;
  std::optional<RollingBlock> inverse;  // of W when it is invertible
  double mu = 0.0;
  double mu_r = 0.0;
  double step = 1.0;  // rho, adapted and kept across sweeps
};

LocalProblem local_problem(const RollingFrictionProblem& problem, Index contact) {
  LocalProblem local;
  local.W = friction_detail::contact_block<kRows>(problem.local(), kRows * contact);
  local.mu = problem.mu()[contact];
  local.mu_r = problem.mu_r()[contact];
  const Eigen::FullPivLU<RollingBlock> lu(local.W);
  if (lu.isInvertible()) local.inverse = lu.inverse();
  const RollingBlock symmetric = 0.5 * (local.W + local.W.transpose());
  const double largest =
      Eigen::SelfAdjointEigenSolver<RollingBlock>(symmetric, Eigen::EigenvaluesOnly).eigenvalues().maxCoeff();
  if (std::isfinite(largest) && largest > 0.0) local.step = 1.0 / largest;
  return local;
}

RollingLocal modified_velocity(const LocalProblem& local, const RollingLocal& r, const RollingLocal& b) {
  RollingLocal v = local.W * r + b;
  v[0] += local.mu * std::hypot(v[1], v[2]) + local.mu_r * std::hypot(v[3], v[4]);
  return v;
}

// One contact's problem with b fixed, from r (in/out).
void solve_local(LocalProblem& local, const RollingLocal& b, RollingLocal& r) {
  if (b[0] >= 0.0) {
    r.setZero();
    return;
  }
  if (local.inverse) {
    const RollingLocal sticking = -(*local.inverse) * b;
    if (in_rolling_cone(local.mu, local.mu_r, sticking)) {
      r = sticking;
      return;
    }
  }
  double rho = local.step;
  for (int k = 0; k < kLocalIterations; ++k) {
    const RollingLocal v = modified_velocity(local, r, b);
    RollingLocal next, moved;
    double velocity_change = 0.0, change = 0.0;
    double trial = rho / kShrink;
    for (int attempt = 0; attempt < kStepTrials; ++attempt) {
      trial *= kShrink;
      next = r - trial * v;
      project_onto_rolling_cone(local.mu, local.mu_r, next);
      moved = next - r;
      change = moved.norm();
      velocity_change = (local.W * moved).norm();
      if (trial * velocity_change <= kContraction * change) break;
    }
    rho = trial * velocity_change < kSmallContraction * change ? trial * kGrow : trial;
    r = next;
    if (change <= kLocalStep * (1.0 + r.norm())) break;
  }
  local.step = rho;
}

}  // namespace

FrictionSolverResult solve_rolling_nsgs(const RollingFrictionProblem& problem, const FrictionSolverOptions& options) {
  auto [r, max_sweeps] = friction_detail::start_solve(problem, options, kDefaultSweeps);
  std::vector<LocalProblem> locals;
  locals.reserve(static_cast<std::size_t>(problem.contacts()));
  for (Index contact = 0; contact < problem.contacts(); ++contact) locals.push_back(local_problem(problem, contact));

  const auto [status, sweeps] = friction_detail::sweep_contacts(
      problem, r, max_sweeps, options.tolerance,
      [&](Index contact, const RollingLocal& u_i, RollingLocal& r_i) {
        LocalProblem& local = locals[static_cast<std::size_t>(contact)];
        const RollingLocal b = u_i - local.W * r_i;
        solve_local(local, b, r_i);
      },
      [&](const Vector& x) { return siconos_rolling_error(problem, x); });
  return friction_detail::finish(problem, options, status, sweeps, 0, std::move(r));
}

}  // namespace relcp::lcp
