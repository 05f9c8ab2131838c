#pragma once
// BBPGD, APGD and MPRGP as LcpSolvers: the generic algorithms of projected_gradient.hpp and
// mprgp.hpp run on the serial Eigen back end. make_bbpgd_solver(), make_apgd_solver() and
// make_mprgp_solver() (solver_factories.hpp) return the defaults; construct these classes to choose the residual policy
// or the restart rule.
//
// All three are QP methods: M must be symmetric positive semidefinite. A non-symmetric M, or one with
// a negative diagonal entry, is refused with Status::unsupported. As in every solver of the suite,
// `converged` means ||min(z, Mz + q)||_inf <= options.tolerance for the returned z; the residual
// policy drives the iteration (APGD keeps its best iterate by it) and fills merit_history.

#include <string_view>

#include "lcp/solver.hpp"

namespace relcp::lcp {

enum class GradientResidual {
  projected_gradient_inf,  // ||P(z, g)||_inf (default)
  projected_gradient_2,    // ||P(z, g)||_2
  mazhar,                  // ||(z - max(0, z - h g)) / h||_2, h = 1e-6
};

enum class ApgdRestart {
  gradient,   // Mazhar et al.: restart when g(y).(z+ - z) > 0 (default)
  objective,  // reject a step that raises the objective and restart: monotone objective
  none,       // plain Nesterov momentum
};

// Used when SolverOptions::max_iterations is 0.
inline constexpr int kDefaultGradientMaxIterations = 10000;

class BbpgdSolver final : public LcpSolver {
 public:
  explicit BbpgdSolver(GradientResidual residual = GradientResidual::projected_gradient_inf) : residual_(residual) {}
  std::string_view name() const override { return "bbpgd"; }
  SolverFamily family() const override { return SolverFamily::gradient; }
  SolverResult solve(const LcpProblem& problem, const SolverOptions& options) const override;

 private:
  GradientResidual residual_;
};

class ApgdSolver final : public LcpSolver {
 public:
  explicit ApgdSolver(GradientResidual residual = GradientResidual::projected_gradient_inf,
                      ApgdRestart restart = ApgdRestart::gradient)
      : residual_(residual), restart_(restart) {}
  std::string_view name() const override { return "apgd"; }
  SolverFamily family() const override { return SolverFamily::gradient; }
  SolverResult solve(const LcpProblem& problem, const SolverOptions& options) const override;

 private:
  GradientResidual residual_;
  ApgdRestart restart_;
};

// MPRGP (mprgp.hpp): conjugate gradients on the free set with expansion and proportioning steps.
class MprgpSolver final : public LcpSolver {
 public:
  explicit MprgpSolver(GradientResidual residual = GradientResidual::projected_gradient_inf) : residual_(residual) {}
  std::string_view name() const override { return "mprgp"; }
  SolverFamily family() const override { return SolverFamily::gradient; }
  SolverResult solve(const LcpProblem& problem, const SolverOptions& options) const override;

 private:
  GradientResidual residual_;
};

}  // namespace relcp::lcp
