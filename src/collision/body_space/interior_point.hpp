#pragma once
// A primal-dual interior-point method (Mehrotra's predictor-corrector) on the velocity problem of
// a BodySpace (docs/collision_alm.md, "ip"):
//
//   min_v (s/2) v^T diag(mu)^-1 v   subject to   w = s R v + c >= 0,
//
// whose multipliers gamma >= 0 solve the contact LCP. Each iteration follows the central path
// gamma_i w_i = sigma m toward m -> 0 from an interior point (gamma, w > 0, the equalities
// allowed to be violated), and eliminates dgamma and dw so that the Newton system is
//
//   (s diag(mu)^-1 + s^2 R^T diag(gamma / w) R) dv = rhs,
//
// alm's pattern with every row active (Kleinert, Simeon & Obermayr 2014; Mangoni, Tasora &
// Garziera 2018). One factorization serves the predictor and the corrector. The literature's
// point, measured here on the colony: iterations that hardly grow with the network.

#include <Eigen/Core>
#include <memory>

#include "collision/body_space/body_space.hpp"
#include "collision/body_space/body_space_lcp.hpp"
#include "collision/body_space/newton_system.hpp"

namespace relcp::collision {

class BodySpaceInteriorPoint final : public BodySpaceMethod {
 public:
  // Collective. c and gamma0 are this rank's rows; gamma0 (a warm start, or zero) is moved into
  // the interior. Throws std::invalid_argument when c or gamma0 has not one entry per local row.
  // reuse: NewtonSystem's (none: a factorization per iteration).
  BodySpaceInteriorPoint(std::unique_ptr<BodySpace> space, Eigen::VectorXd c, Eigen::VectorXd gamma0,
                         NewtonReuse reuse = {});
  // One process holding the whole LCP; keeps a reference to lcp.
  BodySpaceInteriorPoint(const BodySpaceLcp& lcp, Eigen::VectorXd c, Eigen::VectorXd gamma0, NewtonReuse reuse = {});
  ~BodySpaceInteriorPoint() override;

  // One predictor-corrector iteration. `stalled` once gamma grows past 1e12 times its starting
  // scale without the equalities closing: the LCP is infeasible or nearly so.
  BodySpaceStep step() override;
  // The interior iterate with the rows it takes as inactive set to zero (update_estimate): an
  // interior gamma is never exactly complementary, and the projected-gradient residuals count
  // every positive entry's full gradient (gamma0, projected, before the first step).
  const Eigen::VectorXd& multipliers() const override { return estimate_; }
  double complementarity() const;  // gamma^T w / rows, summed over the ranks
  const NewtonSystem& newton_system() const override { return *newton_; }

 private:
  struct Direction {
    Eigen::VectorXd v, gamma, w;
    bool solved = false;  // false: a factorization failed
  };
  // The Newton direction for the residuals of the dual (velocity) equations, the primal rows
  // (s R v + c - w) and complementarity (gamma w - target), with the current factorization.
  Direction direction(const Eigen::VectorXd& dual, const Eigen::VectorXd& primal,
                      const Eigen::VectorXd& complementarity);
  void update_estimate();
  // The largest alpha in [0, 1] keeping x + alpha dx >= 0, over the ranks.
  double step_to_boundary(const Eigen::VectorXd& x, const Eigen::VectorXd& dx) const;

  std::unique_ptr<BodySpace> space_;
  std::unique_ptr<NewtonSystem> newton_;
  Eigen::VectorXd c_;
  Eigen::VectorXd velocities_, gamma_, slack_, estimate_;
  Eigen::VectorXd row_weights_, diagonal_;
  double rows_ = 0.0;         // global row count
  double gap_scale_ = 0.0;    // max |c|
  double force_scale_ = 0.0;  // max |c| / lambda_max(A): the size of a contact force
};

}  // namespace relcp::collision
