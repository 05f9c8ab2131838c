#pragma once
// The method of multipliers on the velocity problem of a BodySpaceLcp (docs/collision.md,
// "alm"), serial, with semismooth Newton inner steps solved by a sparse Cholesky factorization
// (CHOLMOD). With g(v) = s R v + c and the penalty rho, each outer iteration minimises
//   L(v) = (s/2) v^T diag(mu)^-1 v + 1/(2 rho) ||max(0, gamma - rho g(v))||^2
// over v, then sets gamma = max(0, gamma - rho g(v)). L is convex and piecewise quadratic; its
// Newton matrix on the rows active in the max is
//   H = s diag(mu)^-1 + rho s^2 R_A^T R_A,
// the stiffness of the contact network plus a diagonal, which a direct factorization handles
// however ill-conditioned the force-space matrix A = s R diag(mu) R^T is. The multiplier update
// is a proximal step on the LCP: it contracts each eigencomponent of A by 1 / (1 + rho lambda),
// so rho starts at `penalty` / lambda_max(A): a penalty above kappa(A) needs few outer
// iterations.

#include <Eigen/Core>
#include <memory>

#include "collision/solvers/body_space_lcp.hpp"

namespace relcp::collision {

class BodySpaceAugmentedLagrangian {
 public:
  // gamma0 >= 0 is the starting multiplier estimate (a warm start, or zero). Throws
  // std::invalid_argument when c or gamma0 does not have one entry per row of lcp.jacobian, or
  // penalty is not positive and finite.
  BodySpaceAugmentedLagrangian(const BodySpaceLcp& lcp, Eigen::VectorXd c, Eigen::VectorXd gamma0,
                               double penalty);
  ~BodySpaceAugmentedLagrangian();

  enum class StepOutcome { stepped, stalled, failed };
  // One semismooth Newton step on L (Armijo backtracking from the full step, else an exact
  // line search; the Newton system solved with one step of iterative refinement). A full step
  // that leaves the active rows unchanged lands on L's minimiser: then the multipliers are
  // updated, and the penalty raised tenfold (up to 1e10) when that outer iteration reduced
  // ||min(gamma, A gamma + c)||_inf by less than 4x (and not because of rounding). A line
  // search that finds no decrease ends the inner minimisation where it is. `stalled`: that
  // happened three times in a row; `failed`: the factorization failed or a value is not finite.
  StepOutcome newton_step();

  // The multiplier estimate at the current velocities, max(0, gamma - rho g(v)) (gamma0 before
  // the first step): the LCP's solution once L's minimiser makes it complementary to g.
  const Eigen::VectorXd& multipliers() const { return estimate_; }
  int outer_iterations() const { return outer_; }
  double penalty() const { return penalty_; }  // rho lambda_max, after any increases

 private:
  class Factorization;  // CHOLMOD, kept out of this header

  Eigen::VectorXd constraint_values(const Eigen::VectorXd& velocities) const;
  // gamma = multipliers, then the penalty check above.
  void update_multipliers(const Eigen::VectorXd& multipliers);
  double lagrangian(const Eigen::VectorXd& v) const;  // L(v)
  // The largest of 1, 1/2, ..., 1/64 with Armijo's decrease of L along d; 0 if none.
  double sufficient_decrease_step(const Eigen::VectorXd& d, double slope) const;
  // The step t in [0, 1] along d that minimises L (0 when none decreases it).
  double minimising_step(const Eigen::VectorXd& d, double slope) const;

  const BodySpaceLcp& lcp_;
  Eigen::VectorXd c_;
  Eigen::VectorXd gamma_;
  Eigen::VectorXd velocities_;
  Eigen::VectorXd estimate_;
  double penalty_ = 0.0;
  double rho_ = 0.0;
  double last_residual_ = 0.0;
  int outer_ = 0;
  int failed_line_searches_ = 0;
  std::unique_ptr<Factorization> factorization_;
};

// lambda_max of A = s R diag(mu) R^T by power iteration (an estimate from below, within a few
// per cent after `iterations` steps on contact matrices).
double largest_eigenvalue(const BodySpaceLcp& lcp, int iterations = 30);

}  // namespace relcp::collision
