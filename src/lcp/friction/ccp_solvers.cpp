// The convex relaxation (CCP) by APGD or BBPGD, and exact Coulomb friction as a fixed point of
// CCPs: BBPGD and APGD of lcp/projection/projected_gradient.hpp run unchanged on the cones
// through ConeConstrainedSpace.

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <utility>

#include "lcp/friction/friction_solver_support.hpp"
#include "lcp/friction/friction_solvers.hpp"
#include "lcp/friction/siconos_friction_error.hpp"
#include "lcp/projection/cone_constrained_space.hpp"
#include "lcp/projection/eigen_vector_space.hpp"
#include "lcp/projection/projected_gradient.hpp"

namespace relcp::lcp {
namespace {

constexpr int kDefaultGradientIterations = 100000;
// `coulomb`: CCPs without progress of the Coulomb error before it reports stagnation, and the
// factor that makes a CCP's tolerance follow the current Coulomb error (inexact inner solves).
constexpr int kCoulombPatience = 20;
constexpr double kInnerTolerancePerError = 0.1;

// Stops the gradient solver of the CCP  min 1/2 r^T W r + (q + shift)^T r  over the cones when
// r solves the exact Coulomb problem (the Siconos error, with the unshifted q, is within
// `tolerance`), or when r solves the CCP itself: its natural map ||r - P_K(r - g)||_2 (the
// merit of ProjectedGradientTwoNorm on the cone space), relative to max(||q + shift||, ||r||,
// ||g||) as the Siconos error is, is within `ccp_tolerance`. g = W r + q + shift.
class CcpStopRule {
 public:
  CcpStopRule(const FrictionContactProblem& problem, const Vector& shift, double tolerance, double ccp_tolerance)
      : problem_(problem),
        shift_(shift),
        shifted_q_norm_((problem.q() + shift).norm()),
        tolerance_(tolerance),
        ccp_tolerance_(ccp_tolerance) {}

  template <class Space, class V>
  bool satisfied(const Space&, const V& r, const V& g, double merit) const {
    velocity_ = g - shift_;
    if (siconos_friction_error(problem_, r, velocity_).relative() <= tolerance_) {
      coulomb_solved_ = true;
      return true;
    }
    const double scale = std::max({shifted_q_norm_, r.norm(), g.norm()});
    if (merit / (scale > DBL_EPSILON ? scale : 1.0) <= ccp_tolerance_) {
      ccp_solved_ = true;
      return true;
    }
    return false;
  }

  bool coulomb_solved() const { return coulomb_solved_; }
  bool ccp_solved() const { return ccp_solved_; }

 private:
  const FrictionContactProblem& problem_;
  const Vector& shift_;
  double shifted_q_norm_;
  double tolerance_;
  double ccp_tolerance_;
  mutable Vector velocity_;
  mutable bool coulomb_solved_ = false;
  mutable bool ccp_solved_ = false;
};

struct CcpOutcome {
  GradientStop stop = GradientStop::numerical_failure;
  int iterations = 0;
  bool coulomb_solved = false;
  bool ccp_solved = false;
};

// The serial space of W with q + shift in place of q: the CCP whose cone complementarity is the
// Coulomb problem when shift holds mu ||u_t|| on the normal rows. Keeps references.
class ShiftedEigenVectorSpace : public EigenVectorSpace {
 public:
  ShiftedEigenVectorSpace(const LcpProblem& problem, const Vector& shifted_q)
      : EigenVectorSpace(problem), shifted_q_(shifted_q) {}
  const Vector& q() const { return shifted_q_; }

 private:
  const Vector& shifted_q_;
};

using CcpSpace = ConeConstrainedSpace<ShiftedEigenVectorSpace>;

template <class Algorithm>
CcpOutcome solve_shifted_ccp(const Algorithm& algorithm, const FrictionContactProblem& problem, const Vector& shift,
                             Vector& r, double tolerance, double ccp_tolerance, int max_iterations) {
  const Vector shifted_q = problem.q() + shift;
  const CcpSpace space(ShiftedEigenVectorSpace(problem.local(), shifted_q), problem.cones());
  const CcpStopRule stop(problem, shift, tolerance, ccp_tolerance);
  const GradientOutcome outcome = algorithm.solve(space, r, GradientLimits{max_iterations, 0.0}, stop);
  return {outcome.stop, outcome.iterations, stop.coulomb_solved(), stop.ccp_solved()};
}

Status status_of(GradientStop stop) {
  switch (stop) {
    case GradientStop::converged:
      return Status::converged;
    case GradientStop::max_iterations:
      return Status::max_iterations;
    case GradientStop::stagnation:
      return Status::stagnation;
    case GradientStop::numerical_failure:
      break;
  }
  return Status::numerical_failure;
}

template <class Algorithm>
FrictionSolverResult solve_ccp(const Algorithm& algorithm, const FrictionContactProblem& problem,
                               const FrictionSolverOptions& options) {
  auto [r, max_iterations] = friction_detail::start_solve(problem, options, kDefaultGradientIterations);
  const Vector no_shift = Vector::Zero(problem.size());
  const CcpOutcome outcome =
      solve_shifted_ccp(algorithm, problem, no_shift, r, options.tolerance, options.tolerance, max_iterations);
  // A solved CCP that is no Coulomb solution (sliding contacts): the relaxation cannot do better.
  const Status status = outcome.ccp_solved && !outcome.coulomb_solved ? Status::stagnation : status_of(outcome.stop);
  return friction_detail::finish(problem, options, status, outcome.iterations, 1, std::move(r));
}

}  // namespace

FrictionSolverResult solve_ccp_apgd(const FrictionContactProblem& problem, const FrictionSolverOptions& options) {
  return solve_ccp(AcceleratedProjectedGradient<ProjectedGradientTwoNorm>{}, problem, options);
}

FrictionSolverResult solve_ccp_bbpgd(const FrictionContactProblem& problem, const FrictionSolverOptions& options) {
  return solve_ccp(BarzilaiBorweinGradient<ProjectedGradientTwoNorm>{}, problem, options);
}

// The fixed point of De Saxce's modified velocity: with s_i = mu_i ||u_t,i|| frozen, the cone
// complementarity K ∋ r ⊥ W r + q + s e_n ∈ K* is the optimality system of a CCP; a fixed point
// s = mu ||u_t(r)|| solves the Coulomb problem. Each CCP starts from the previous r and is
// solved only to a tenth of the current Coulomb error (but never tighter than a tenth of the
// tolerance); every CCP also stops as soon as r solves the Coulomb problem.
FrictionSolverResult solve_coulomb_fixed_point(const FrictionContactProblem& problem,
                                               const FrictionSolverOptions& options) {
  auto [r, max_iterations] = friction_detail::start_solve(problem, options, kDefaultGradientIterations);
  const AcceleratedProjectedGradient<ProjectedGradientTwoNorm> apgd;

  Vector shift = Vector::Zero(problem.size());
  Vector u = problem.velocity(r);
  double error = siconos_friction_error(problem, r, u).relative();
  double best_error = error;
  int without_progress = 0;
  int iterations = 0;
  int outer = 0;
  Status status = Status::max_iterations;
  while (error > options.tolerance) {
    if (!std::isfinite(error)) {
      status = Status::numerical_failure;
      break;
    }
    if (iterations >= max_iterations) {
      status = Status::max_iterations;
      break;
    }
    ++outer;
    for (Index contact = 0; contact < problem.contacts(); ++contact) {
      const Index row = FrictionContactProblem::kDimension * contact;
      shift[row] = problem.mu()[contact] * std::hypot(u[row + 1], u[row + 2]);
    }
    const double ccp_tolerance = std::max(0.1 * options.tolerance, kInnerTolerancePerError * error);
    const CcpOutcome outcome =
        solve_shifted_ccp(apgd, problem, shift, r, options.tolerance, ccp_tolerance, max_iterations - iterations);
    iterations += outcome.iterations;
    u = problem.velocity(r);
    error = siconos_friction_error(problem, r, u).relative();
    if (outcome.stop == GradientStop::numerical_failure) {
      status = Status::numerical_failure;
      break;
    }
    if (outcome.coulomb_solved || error <= options.tolerance) {
      status = Status::converged;
      break;
    }
    if (error < best_error) {
      best_error = error;
      without_progress = 0;
    } else if (++without_progress >= kCoulombPatience) {
      status = Status::stagnation;
      break;
    }
  }
  if (error <= options.tolerance) status = Status::converged;
  return friction_detail::finish(problem, options, status, iterations, outer, std::move(r));
}

}  // namespace relcp::lcp
