#include "collision/body_space/interior_point.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "collision/body_space/serial_body_space.hpp"

namespace relcp::collision {
namespace {

// The fraction of the way to the boundary a step may go.
constexpr double kBoundaryFraction = 0.995;
// gamma beyond this multiple of its starting scale means the LCP has no solution.
constexpr double kDivergence = 1e12;

}  // namespace

BodySpaceInteriorPoint::BodySpaceInteriorPoint(const BodySpaceLcp& lcp, Eigen::VectorXd c, Eigen::VectorXd gamma0,
                                               NewtonReuse reuse)
    : BodySpaceInteriorPoint(std::make_unique<SerialBodySpace>(lcp), std::move(c), std::move(gamma0), reuse) {}

// The start: v from the warm start's forces (so the dual equations hold), then w and gamma
// lifted to at least the size of c and of a contact force, a well-centred infeasible point.
BodySpaceInteriorPoint::BodySpaceInteriorPoint(std::unique_ptr<BodySpace> space, Eigen::VectorXd c,
                                               Eigen::VectorXd gamma0, NewtonReuse reuse)
    : space_(std::move(space)), c_(std::move(c)), gamma_(std::move(gamma0)) {
  if (c_.size() != space_->local_rows() || gamma_.size() != space_->local_rows()) {
    throw std::invalid_argument("interior point: c and gamma0 need one entry per row");
  }
  newton_ = std::make_unique<NewtonSystem>(*space_, reuse);
  rows_ = space_->sum(static_cast<double>(space_->local_rows()));
  const double lambda_max = largest_eigenvalue(*space_);
  gap_scale_ = std::max(space_->max_abs(c_), std::numeric_limits<double>::min());
  force_scale_ = lambda_max > 0.0 ? gap_scale_ / lambda_max : gap_scale_;
  gamma_ = gamma_.cwiseMax(0.0);
  velocities_ = space_->mobility().cwiseProduct(space_->multiply_transpose(gamma_));
  estimate_ = gamma_;
  slack_ = (space_->scale() * space_->multiply(velocities_) + c_).cwiseMax(gap_scale_);
  gamma_ = gamma_.cwiseMax(force_scale_);
  diagonal_ = space_->scale() * space_->mobility().cwiseInverse();
}

BodySpaceInteriorPoint::~BodySpaceInteriorPoint() = default;

// A row is taken as active when its force is the larger of the pair (gamma_i, w_i), each in units
// of its scale: at the solution one of them vanishes, and along the central path the other
// grows as m over it.
void BodySpaceInteriorPoint::update_estimate() {
  estimate_ = gamma_;
  for (Eigen::Index i = 0; i < estimate_.size(); ++i) {
    if (gamma_[i] * gap_scale_ < slack_[i] * force_scale_) estimate_[i] = 0.0;
  }
}

double BodySpaceInteriorPoint::complementarity() const {
  return rows_ > 0.0 ? space_->dot(gamma_, slack_) / rows_ : 0.0;
}

double BodySpaceInteriorPoint::step_to_boundary(const Eigen::VectorXd& x, const Eigen::VectorXd& dx) const {
  double alpha = 1.0;
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    if (dx[i] < 0.0) alpha = std::min(alpha, -x[i] / dx[i]);
  }
  return -space_->max(-alpha);
}

// With W = diag(w), G = diag(gamma), the three equations
//   diag(mu)^-1 dv - R^T dgamma = -dual,   s R dv - dw = -primal,   W dgamma + G dw = -compl
// give  H dv = -s dual - s R^T W^-1 (compl + G primal),  H = s diag(mu)^-1 + s^2 R^T G W^-1 R,
// then dgamma = -W^-1 (compl + G primal) - s G W^-1 R dv and dw = s R dv + primal.
BodySpaceInteriorPoint::Direction BodySpaceInteriorPoint::direction(const Eigen::VectorXd& dual,
                                                                    const Eigen::VectorXd& primal,
                                                                    const Eigen::VectorXd& complementarity) {
  const double s = space_->scale();
  const Eigen::VectorXd pushed = (complementarity + gamma_.cwiseProduct(primal)).cwiseQuotient(slack_);
  const Eigen::VectorXd rhs = -s * dual - s * space_->multiply_transpose(pushed);
  Direction d;
  if (!newton_->solve(rhs, d.v)) return d;
  d.solved = true;
  const Eigen::VectorXd Rdv = space_->multiply(d.v);
  d.gamma = -pushed - s * gamma_.cwiseQuotient(slack_).cwiseProduct(Rdv);
  d.w = s * Rdv + primal;
  return d;
}

BodySpaceStep BodySpaceInteriorPoint::step() {
  const double s = space_->scale();
  const Eigen::VectorXd dual = velocities_.cwiseQuotient(space_->mobility()) - space_->multiply_transpose(gamma_);
  const Eigen::VectorXd primal = s * space_->multiply(velocities_) + c_ - slack_;
  const double mu = complementarity();
  row_weights_ = (s * s) * gamma_.cwiseQuotient(slack_);
  if (!newton_->set_matrix(row_weights_, diagonal_)) return BodySpaceStep::failed;

  // Predictor: the affine-scaling direction toward gamma w = 0.
  const Eigen::VectorXd products = gamma_.cwiseProduct(slack_);
  const Direction affine = direction(dual, primal, products);
  if (!affine.solved) return BodySpaceStep::failed;
  const double affine_step = std::min(step_to_boundary(gamma_, affine.gamma), step_to_boundary(slack_, affine.w));
  const double affine_mu =
      rows_ > 0.0 ? space_->dot(gamma_ + affine_step * affine.gamma, slack_ + affine_step * affine.w) / rows_ : 0.0;
  // Corrector: centring by Mehrotra's sigma = (mu_affine / mu)^3, and the second-order term.
  const double sigma = mu > 0.0 ? std::clamp(std::pow(affine_mu / mu, 3.0), 0.0, 1.0) : 0.0;
  const Eigen::VectorXd target =
      products + affine.gamma.cwiseProduct(affine.w) - Eigen::VectorXd::Constant(products.size(), sigma * mu);
  const Direction d = direction(dual, primal, target);
  if (!d.solved) return BodySpaceStep::failed;
  const double finite = space_->max(d.v.allFinite() && d.gamma.allFinite() && d.w.allFinite() ? 0.0 : 1.0);
  if (finite != 0.0) return BodySpaceStep::failed;
  const double alpha =
      std::min(1.0, kBoundaryFraction * std::min(step_to_boundary(gamma_, d.gamma), step_to_boundary(slack_, d.w)));
  velocities_ += alpha * d.v;
  gamma_ += alpha * d.gamma;
  slack_ += alpha * d.w;
  // Rounding can leave an entry at zero after a step to the boundary; keep the iterate interior.
  gamma_ = gamma_.cwiseMax(std::numeric_limits<double>::min());
  slack_ = slack_.cwiseMax(std::numeric_limits<double>::min());
  update_estimate();
  if (space_->max_abs(gamma_) > kDivergence * force_scale_) return BodySpaceStep::stalled;
  return alpha > 0.0 ? BodySpaceStep::stepped : BodySpaceStep::stalled;
}

}  // namespace relcp::collision
