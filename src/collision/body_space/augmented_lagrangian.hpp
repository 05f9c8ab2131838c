#pragma once
// The method of multipliers on the velocity problem of a BodySpace (docs/collision_alm.md), with
// semismooth Newton inner steps solved by the space's sparse direct factorization (CHOLMOD on one
// process, MUMPS distributed). With g(v) = s R v + c and the penalty rho, each outer iteration minimises
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

#include "collision/body_space/body_space.hpp"
#include "collision/body_space/body_space_lcp.hpp"
#include "collision/body_space/newton_system.hpp"

namespace relcp::collision {

class BodySpaceAugmentedLagrangian final : public BodySpaceMethod {
 public:
  // Collective over the space's ranks. c and gamma0 are this rank's rows of the constant vector
  // and of the starting multipliers (a warm start, or zero; projected onto gamma >= 0). Throws
  // std::invalid_argument when c or gamma0 does not have one entry per local row, or penalty is
  // not positive and finite. reuse: NewtonSystem's (none: a factorization per changed
  // Newton matrix).
  BodySpaceAugmentedLagrangian(std::unique_ptr<BodySpace> space, Eigen::VectorXd c, Eigen::VectorXd gamma0,
                               double penalty, NewtonReuse reuse = {});
  // One process holding the whole LCP (SerialBodySpace); keeps a reference to lcp.
  BodySpaceAugmentedLagrangian(const BodySpaceLcp& lcp, Eigen::VectorXd c, Eigen::VectorXd gamma0, double penalty,
                               NewtonReuse reuse = {});
  ~BodySpaceAugmentedLagrangian() override;

  using StepOutcome = BodySpaceStep;
  // One semismooth Newton step on L (Armijo backtracking from the full step, else an exact
  // line search; the Newton system solved with one step of iterative refinement). A full step
  // that leaves the active rows unchanged lands on L's minimiser: then the multipliers are
  // updated, and the penalty raised tenfold (up to 1e10) when that outer iteration reduced
  // ||min(gamma, A gamma + c)||_inf by less than 4x (and not because of rounding). A line
  // search that finds no decrease ends the inner minimisation where it is. `stalled`: that
  // happened three times in a row; `failed`: the factorization failed or a value is not finite.
  // Collective; the outcome is the same on every rank.
  StepOutcome newton_step();
  BodySpaceStep step() override { return newton_step(); }

  // This rank's rows of the multiplier estimate at the current velocities,
  // max(0, gamma - rho g(v)) (gamma0 before the first step): the LCP's solution once L's minimiser makes it
  // complementary to g.
  const Eigen::VectorXd& multipliers() const override { return estimate_; }
  int outer_iterations() const { return outer_; }
  const NewtonSystem& newton_system() const override { return *newton_; }
  // Takes `previous`'s last factorization (NewtonSystem::adopt) and its penalty, which that
  // factorization is of, where `previous` never raised its penalty; this solve then never raises
  // it either, so that the next re-solve can continue from it too. The re-solves of a colony step
  // then start with updates instead of a factorization each (docs/collision_alm.md, "Where the
  // factorizations of a step come from"). Only where `previous` is a BodySpaceAugmentedLagrangian
  // whose factorization this one's can adopt (gathered CHOLMOD, or substructured with the same
  // local directions and interface on every rank). Collective on a distributed space.
  bool continue_from(BodySpaceMethod& previous, const std::vector<Eigen::Index>& new_row) override;
  void keep_only_what_continues() override { newton_->keep_only_the_factor(); }
  // Never raises the penalty, as a solve that continued from another does not: a later solve can
  // then continue from this one's factorization. Before the first step.
  void keep_penalty() { keeps_penalty_ = true; }
  double penalty() const { return penalty_; }  // rho lambda_max, after any increases

 private:
  Eigen::VectorXd constraint_values(const Eigen::VectorXd& velocities) const;
  // gamma = multipliers, then the penalty check above.
  void update_multipliers(const Eigen::VectorXd& multipliers);
  // L along v + t d: g changes by t s R d, the kinetic term is a quadratic in t.
  struct SearchLine {
    Eigen::VectorXd value_change;  // s R d
    double kinetic = 0.0;          // s v^T diag(mu)^-1 v
    double kinetic_slope = 0.0;    // s v^T diag(mu)^-1 d
    double curvature = 0.0;        // s d^T diag(mu)^-1 d
  };
  SearchLine search_line(const Eigen::VectorXd& d) const;
  double lagrangian(const SearchLine& line, double t) const;  // L(v + t d)
  // The largest of 1, 1/2, ..., 1/64 with Armijo's decrease of L along d; 0 if none.
  double sufficient_decrease_step(const SearchLine& line, double slope) const;
  // The step t in [0, 1] along d that minimises L (0 when none decreases it).
  double minimising_step(const SearchLine& line, double slope) const;

  std::unique_ptr<BodySpace> space_;
  Eigen::VectorXd c_;
  Eigen::VectorXd gamma_;
  Eigen::VectorXd velocities_;
  Eigen::VectorXd values_;  // g(velocities_)
  Eigen::VectorXd estimate_;
  double penalty_ = 0.0;
  double starting_penalty_ = 0.0;
  bool keeps_penalty_ = false;  // continued from another solve, or keep_penalty(): the penalty is never raised
  double rho_ = 0.0;
  double last_residual_ = 0.0;
  int outer_ = 0;
  int failed_line_searches_ = 0;
  std::unique_ptr<NewtonSystem> newton_;
  Eigen::VectorXd row_weights_;  // of the last Newton matrix
  Eigen::VectorXd diagonal_;
};

// largest_eigenvalue (body_space.hpp) of a whole LCP on one process.
double largest_eigenvalue(const BodySpaceLcp& lcp, int iterations = 30);

}  // namespace relcp::collision
