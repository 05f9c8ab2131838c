#include "collision/body_space/augmented_lagrangian.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "collision/body_space/serial_body_space.hpp"

namespace relcp::collision {
namespace {

constexpr double kMinStep = 1e-14;
constexpr double kSufficientDecrease = 1e-4;
// Below this the Armijo search gives way to the exact line search, which rounding cannot fool.
constexpr double kSmallestArmijoStep = 1.0 / 64.0;
constexpr int kLineSearchIterations = 60;
constexpr int kMaxFailedLineSearches = 3;
// A line-search step within this of 1 on an unchanged active set is the piece's minimiser.
constexpr double kFullStep = 1e-6;
// The penalty grows tenfold, up to kMaxPenalty, when an outer iteration reduces the natural
// residual by less than kWantedContraction. Rounding limits the multipliers' accuracy to about
// penalty * 1e-16 * |c| / lambda_max.
constexpr double kWantedContraction = 0.25;
constexpr double kPenaltyGrowth = 10.0;
constexpr double kMaxPenalty = 1e10;
constexpr double kRoundingMargin = 1e3;

Eigen::VectorXd indicator_of_positive(const Eigen::VectorXd& x) { return (x.array() > 0.0).cast<double>().matrix(); }

}  // namespace

double largest_eigenvalue(const BodySpaceLcp& lcp, int iterations) {
  return largest_eigenvalue(SerialBodySpace(lcp), iterations);
}

BodySpaceAugmentedLagrangian::BodySpaceAugmentedLagrangian(const BodySpaceLcp& lcp, Eigen::VectorXd c,
                                                           Eigen::VectorXd gamma0, double penalty, NewtonReuse reuse)
    : BodySpaceAugmentedLagrangian(std::make_unique<SerialBodySpace>(lcp), std::move(c), std::move(gamma0), penalty,
                                   reuse) {}

BodySpaceAugmentedLagrangian::BodySpaceAugmentedLagrangian(std::unique_ptr<BodySpace> space, Eigen::VectorXd c,
                                                           Eigen::VectorXd gamma0, double penalty, NewtonReuse reuse)
    : space_(std::move(space)), c_(std::move(c)), gamma_(std::move(gamma0)) {
  if (c_.size() != space_->local_rows() || gamma_.size() != space_->local_rows()) {
    throw std::invalid_argument("augmented Lagrangian: c and gamma0 need one entry per row");
  }
  if (!(penalty > 0.0 && std::isfinite(penalty))) {
    throw std::invalid_argument("augmented Lagrangian: the penalty must be positive and finite");
  }
  newton_ = std::make_unique<NewtonSystem>(*space_, reuse);
  const double lambda_max = largest_eigenvalue(*space_);
  penalty_ = penalty;
  starting_penalty_ = penalty;
  rho_ = lambda_max > 0.0 ? penalty / lambda_max : penalty;
  gamma_ = gamma_.cwiseMax(0.0);
  // The velocities the starting forces produce: the minimiser of L when gamma0 is the solution.
  velocities_ = space_->mobility().cwiseProduct(space_->multiply_transpose(gamma_));
  values_ = constraint_values(velocities_);
  estimate_ = gamma_;
}

BodySpaceAugmentedLagrangian::~BodySpaceAugmentedLagrangian() = default;

bool BodySpaceAugmentedLagrangian::continue_from(BodySpaceMethod& previous, const std::vector<Eigen::Index>& new_row) {
  auto* alm = dynamic_cast<BodySpaceAugmentedLagrangian*>(&previous);
  // A raised penalty is not carried: from it alm's line searches crawl (30 % more Newton steps per
  // colony step at 8,192 cells, and a re-solve at the cap of 200), docs/collision_alm.md.
  if (alm == nullptr || outer_ > 0 || alm->penalty_ != alm->starting_penalty_ ||
      !newton_->adopt(*alm->newton_, new_row)) {
    return false;
  }
  keeps_penalty_ = true;
  penalty_ = alm->penalty_;
  rho_ = alm->rho_;
  return true;
}

Eigen::VectorXd BodySpaceAugmentedLagrangian::constraint_values(const Eigen::VectorXd& v) const {
  return space_->scale() * space_->multiply(v) + c_;
}

BodySpaceAugmentedLagrangian::StepOutcome BodySpaceAugmentedLagrangian::newton_step() {
  const double s = space_->scale();
  const Eigen::VectorXd& mobility = space_->mobility();
  const Eigen::VectorXd pushed = (gamma_ - rho_ * values_).cwiseMax(0.0);
  const Eigen::VectorXd active = indicator_of_positive(pushed);
  const Eigen::VectorXd gradient = s * (velocities_.cwiseQuotient(mobility) - space_->multiply_transpose(pushed));
  row_weights_ = (rho_ * s * s) * active;
  diagonal_ = s * mobility.cwiseInverse();
  Eigen::VectorXd direction;
  if (!newton_->set_matrix(row_weights_, diagonal_) || !newton_->solve(gradient, direction)) {
    return StepOutcome::failed;
  }
  direction = -direction;
  const double slope = space_->dot(gradient, direction);  // minus the squared Newton decrement
  const bool finite = space_->max(direction.allFinite() ? 0.0 : 1.0) == 0.0;
  if (!finite || !std::isfinite(slope)) return StepOutcome::failed;
  double step = 0.0;
  if (slope < 0.0) {
    const SearchLine line = search_line(direction);
    step = sufficient_decrease_step(line, slope);
    if (step == 0.0) step = minimising_step(line, slope);
  }
  velocities_ += step * direction;
  values_ = constraint_values(velocities_);  // afresh, not updated along the line: no drift
  const Eigen::VectorXd updated = (gamma_ - rho_ * values_).cwiseMax(0.0);
  const bool same_rows = space_->max_abs(indicator_of_positive(updated) - active) == 0.0;
  failed_line_searches_ = step > 0.0 ? 0 : failed_line_searches_ + 1;
  if (failed_line_searches_ >= kMaxFailedLineSearches) return StepOutcome::stalled;
  if ((same_rows && std::abs(1.0 - step) <= kFullStep) || step == 0.0) {
    // A full step on an unchanged piece lands on L's minimiser (or nothing better exists).
    update_multipliers(updated);
  } else {
    estimate_ = updated;
  }
  return StepOutcome::stepped;
}

void BodySpaceAugmentedLagrangian::update_multipliers(const Eigen::VectorXd& multipliers) {
  gamma_ = multipliers;
  estimate_ = multipliers;
  ++outer_;
  const Eigen::VectorXd w = space_->contact_product(gamma_) + c_;
  const double residual = space_->max_abs(gamma_.cwiseMin(w));
  // The rounding of rho g(v) in the multipliers; near it a slow outer iteration says nothing.
  const double rounding_floor = kRoundingMargin * std::numeric_limits<double>::epsilon() * rho_ *
                                std::max(space_->max_abs(c_), space_->max_abs(w - c_));
  // A slow outer iteration means rho lambda is small on some error component: stiffen. A
  // residual that grew instead is rounding noise, which a stiffer penalty would only amplify.
  if (outer_ > 1 && residual > kWantedContraction * last_residual_ && residual <= last_residual_ &&
      residual > rounding_floor && penalty_ < kMaxPenalty && !keeps_penalty_) {
    penalty_ *= kPenaltyGrowth;
    rho_ *= kPenaltyGrowth;
  }
  last_residual_ = residual;
}

BodySpaceAugmentedLagrangian::SearchLine BodySpaceAugmentedLagrangian::search_line(const Eigen::VectorXd& d) const {
  SearchLine line;
  line.value_change = space_->scale() * space_->multiply(d);
  const Eigen::VectorXd weighted_d = d.cwiseQuotient(space_->mobility());
  double sums[3] = {velocities_.dot(velocities_.cwiseQuotient(space_->mobility())), velocities_.dot(weighted_d),
                    d.dot(weighted_d)};
  space_->sum(sums, 3);
  const double s = space_->scale();
  line.kinetic = s * sums[0];
  line.kinetic_slope = s * sums[1];
  line.curvature = s * sums[2];
  return line;
}

double BodySpaceAugmentedLagrangian::lagrangian(const SearchLine& line, double t) const {
  double pushed_squares = (gamma_ - rho_ * (values_ + t * line.value_change)).cwiseMax(0.0).squaredNorm();
  space_->sum(&pushed_squares, 1);
  return 0.5 * (line.kinetic + t * (2.0 * line.kinetic_slope + t * line.curvature)) + 0.5 / rho_ * pushed_squares;
}

// Armijo backtracking from the full Newton step, which keeps the steps long: a full step may
// cross many kinks of L and change many active rows at once. The exact minimiser along d first
// took twice the Newton steps on the colony, a non-monotone Armijo test 1.8x (docs/collision_alm.md).
// g is affine in v, so every trial reuses R v and R d.
double BodySpaceAugmentedLagrangian::sufficient_decrease_step(const SearchLine& line, double slope) const {
  const double start = lagrangian(line, 0.0);
  for (double t = 1.0; t >= kSmallestArmijoStep; t *= 0.5) {
    if (lagrangian(line, t) <= start + kSufficientDecrease * t * slope) return t;
  }
  return 0.0;
}

// L is convex and piecewise quadratic along v + t d, so its derivative
//   L'(t) = s (v + t d)^T diag(mu)^-1 d - s (R d)^T max(0, gamma - rho g(v + t d))
// is piecewise linear and increasing. Its root in [0, 1] is found by Newton's method on L'
// inside a shrinking bracket: derivatives, unlike differences of L, stay accurate near the
// minimum, where L changes by less than its rounding error.
double BodySpaceAugmentedLagrangian::minimising_step(const SearchLine& line, double slope) const {
  const Eigen::VectorXd& change = line.value_change;  // s R d
  const Eigen::VectorXd shifted = gamma_ - rho_ * values_;
  auto derivative = [&](double t, double* second) {
    double sums[2] = {0.0, 0.0};  // the rows' part of L'(t) and of L''(t)
    for (Eigen::Index r = 0; r < change.size(); ++r) {
      const double pushed = shifted[r] - rho_ * t * change[r];
      if (pushed > 0.0) {
        sums[0] -= change[r] * pushed;
        sums[1] += rho_ * change[r] * change[r];
      }
    }
    space_->sum(sums, 2);
    *second = line.curvature + sums[1];
    return line.kinetic_slope + t * line.curvature + sums[0];
  };
  double bend = 0.0;
  double t = 1.0;
  double value = derivative(t, &bend);
  if (value <= 0.0) return 1.0;  // the Newton step itself: L still decreases at t = 1
  double low = 0.0, high = 1.0;
  double low_value = slope;
  for (int k = 0; k < kLineSearchIterations && high - low > kMinStep * high; ++k) {
    double next = t - value / bend;
    if (!(next > low && next < high)) next = 0.5 * (low + high);
    t = next;
    value = derivative(t, &bend);
    if (value == 0.0) return t;
    (value < 0.0 ? low : high) = t;
    if (value < 0.0) low_value = value;
  }
  // The end of the bracket where L decreases: low > 0 unless no step below high reduced L'.
  return low_value < 0.0 ? low : 0.0;
}

}  // namespace relcp::collision
