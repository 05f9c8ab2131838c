#pragma once
// Steps shared by the distributed solvers: option checks, the starting point, the residuals of a
// returned iterate, and an operator wrapper that counts applications.

#include <memory>

#include "collision/solvers/distributed_solver.hpp"
#include "lcp/projection/projected_gradient_policies.hpp"

namespace relcp::collision {

// Collective. Throws std::invalid_argument on every rank when c (or the warm start, or the jacobi
// diagonal) does not have A's local size on some rank, or jacobi comes without a diagonal, and
// InputError for a tolerance that is not positive and finite ("tolerance"), a negative
// max_iterations ("max_iterations"), a mazhar_step outside (0, 1] ("mazhar_step") or a
// non-positive krylov_max_iterations ("krylov_max_iterations").
void validate_problem(const DistributedLcp& problem, const DistributedSolverOptions& options);

// The warm start projected onto the feasible set (options.cones, else gamma >= 0), or zero. Collective: throws
// InputError ("warm_start") on every rank when some rank's warm start has a non-finite entry.
DistributedVector starting_point(const DistributedLcp& problem, const DistributedSolverOptions& options);

int iteration_limit(const DistributedSolverOptions& options, int solver_default);

// Collective. ||min(gamma, A gamma + c)||_inf (one application, one reduction).
double natural_residual(const DistributedLcp& problem, const DistributedVector& gamma);

// Collective. ||gamma - P_K(gamma - (A gamma + c))||_inf, the natural map of the cone
// complementarity problem over `cones` (one application, one reduction).
double cone_natural_residual(const DistributedLcp& problem, const lcp::FrictionCones& cones,
                             const DistributedVector& gamma);

// Calls visit(policy) with the lcp residual policy that options.residual names.
template <class Visit>
DistributedSolverResult with_residual(const DistributedSolverOptions& options, Visit&& visit) {
  switch (options.residual) {
    case DistributedResidual::projected_gradient_2:
      return visit(lcp::ProjectedGradientTwoNorm{});
    case DistributedResidual::mazhar:
      return visit(lcp::MazharResidual{options.mazhar_step});
    case DistributedResidual::projected_gradient_inf:
      break;
  }
  return visit(lcp::ProjectedGradientInfNorm{});
}

// A wrapped operator that counts its applications through apply() (not through tpetra()).
class CountingOperator final : public DistributedLinearOperator {
 public:
  explicit CountingOperator(const DistributedLinearOperator& inner) : inner_(inner) {}
  VectorLayout layout() const override { return inner_.layout(); }
  void apply(const DistributedVector& x, DistributedVector& y) const override {
    ++applications_;
    inner_.apply(x, y);
  }
  bool apply_symmetrically_scaled(const DistributedVector& s, const DistributedVector& x,
                                  DistributedVector& y) const override {
    if (!inner_.apply_symmetrically_scaled(s, x, y)) return false;
    ++applications_;
    return true;
  }
  std::shared_ptr<const TpetraOperatorHandle> tpetra() const override { return inner_.tpetra(); }
  int applications() const { return applications_; }

 private:
  const DistributedLinearOperator& inner_;
  mutable int applications_ = 0;
};

}  // namespace relcp::collision
