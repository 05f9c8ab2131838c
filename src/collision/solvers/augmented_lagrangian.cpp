#include "collision/solvers/augmented_lagrangian.hpp"

#include <Eigen/CholmodSupport>
#include <Eigen/SparseCore>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

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

using ColumnMatrix = Eigen::SparseMatrix<double>;

// Debian's CHOLMOD 3 runs its supernodal kernels on a fixed team of kCholmodTeam OpenMP threads
// whatever OMP_NUM_THREADS says; with fewer threads allowed (one per rank on a 2-core node) that
// oversubscribes the cores and was slower than one thread, so its parallel regions are made
// inactive for the call.
constexpr int kCholmodTeam = 4;
class CholmodThreads {
 public:
  CholmodThreads() : saved_(omp_get_max_active_levels()) {
    if (omp_get_max_threads() < kCholmodTeam) omp_set_max_active_levels(0);
  }
  ~CholmodThreads() { omp_set_max_active_levels(saved_); }
  CholmodThreads(const CholmodThreads&) = delete;
  CholmodThreads& operator=(const CholmodThreads&) = delete;

 private:
  int saved_;
};

}  // namespace

// The Newton matrix s diag(mu)^-1 + sum_r weight_r R_r^T R_r (lower triangle, compressed
// columns) and its Cholesky factorization. The pattern is that of diag + R^T R whatever the
// weights (inactive rows enter with weight zero), so it is built and analysed once per solve and
// only the values are refilled for each Newton step.
class BodySpaceAugmentedLagrangian::Factorization {
 public:
  explicit Factorization(const BodySpaceLcp& lcp) : jacobian_(lcp.jacobian) {
    const Eigen::Index dofs = lcp.jacobian.cols();
    std::vector<Eigen::Triplet<double>> pattern;
    for (Eigen::Index d = 0; d < dofs; ++d) pattern.emplace_back(d, d, 0.0);
    for (Eigen::Index r = 0; r < jacobian_.outerSize(); ++r) {
      for (RowIterator a(jacobian_, r); a; ++a) {
        for (RowIterator b(jacobian_, r); b; ++b) {
          if (a.col() >= b.col()) pattern.emplace_back(a.col(), b.col(), 0.0);
        }
      }
    }
    matrix_.resize(dofs, dofs);
    matrix_.setFromTriplets(pattern.begin(), pattern.end());
    matrix_.makeCompressed();
  }

  // weights: one per row of R; diagonal: one per DOF. False when the factorization fails.
  bool factorize(const Eigen::VectorXd& weights, const Eigen::VectorXd& diagonal) {
    Eigen::Map<Eigen::VectorXd>(matrix_.valuePtr(), matrix_.nonZeros()).setZero();
    for (Eigen::Index d = 0; d < diagonal.size(); ++d) value(d, d) += diagonal[d];
    for (Eigen::Index r = 0; r < jacobian_.outerSize(); ++r) {
      if (weights[r] == 0.0) continue;
      for (RowIterator a(jacobian_, r); a; ++a) {
        for (RowIterator b(jacobian_, r); b; ++b) {
          if (a.col() >= b.col()) value(a.col(), b.col()) += weights[r] * a.value() * b.value();
        }
      }
    }
    const CholmodThreads threads;
    if (!analysed_) {
      cholesky_.analyzePattern(matrix_);
      analysed_ = true;
    }
    cholesky_.factorize(matrix_);
    return cholesky_.info() == Eigen::Success;
  }
  // One step of iterative refinement: H is as ill-conditioned as the penalty is large, and the
  // multipliers amplify the error of the velocities by rho.
  Eigen::VectorXd solve(const Eigen::VectorXd& rhs) const {
    const CholmodThreads threads;
    Eigen::VectorXd x = cholesky_.solve(rhs);
    const Eigen::VectorXd residual = rhs - matrix_.selfadjointView<Eigen::Lower>() * x;
    x += cholesky_.solve(residual);
    return x;
  }

 private:
  using RowIterator = Eigen::SparseMatrix<double, Eigen::RowMajor>::InnerIterator;

  // The stored entry (row, column), row >= column, found in the column's sorted row indices.
  double& value(Eigen::Index row, Eigen::Index column) {
    const int* first = matrix_.innerIndexPtr() + matrix_.outerIndexPtr()[column];
    const int* last = matrix_.innerIndexPtr() + matrix_.outerIndexPtr()[column + 1];
    const int* found = std::lower_bound(first, last, static_cast<int>(row));
    return matrix_.valuePtr()[found - matrix_.innerIndexPtr()];
  }

  const Eigen::SparseMatrix<double, Eigen::RowMajor>& jacobian_;
  ColumnMatrix matrix_;
  Eigen::CholmodDecomposition<ColumnMatrix, Eigen::Lower> cholesky_;
  bool analysed_ = false;
};

double largest_eigenvalue(const BodySpaceLcp& lcp, int iterations) {
  const Eigen::Index rows = lcp.jacobian.rows();
  if (rows == 0) return 0.0;
  Eigen::VectorXd x = Eigen::VectorXd::Ones(rows) / std::sqrt(static_cast<double>(rows));
  double estimate = 0.0;
  for (int k = 0; k < iterations; ++k) {
    const Eigen::VectorXd Ax =
        lcp.scale * (lcp.jacobian * (lcp.mobility.cwiseProduct(lcp.jacobian.transpose() * x)));
    estimate = x.dot(Ax);
    const double norm = Ax.norm();
    if (!(norm > 0.0)) break;
    x = Ax / norm;
  }
  return estimate;
}

BodySpaceAugmentedLagrangian::BodySpaceAugmentedLagrangian(const BodySpaceLcp& lcp,
                                                           Eigen::VectorXd c,
                                                           Eigen::VectorXd gamma0, double penalty)
    : lcp_(lcp), c_(std::move(c)), gamma_(std::move(gamma0)),
      factorization_(std::make_unique<Factorization>(lcp)) {
  if (c_.size() != lcp.jacobian.rows() || gamma_.size() != lcp.jacobian.rows()) {
    throw std::invalid_argument("augmented Lagrangian: c and gamma0 need one entry per row");
  }
  if (!(penalty > 0.0 && std::isfinite(penalty))) {
    throw std::invalid_argument("augmented Lagrangian: the penalty must be positive and finite");
  }
  const double lambda_max = largest_eigenvalue(lcp);
  penalty_ = penalty;
  rho_ = lambda_max > 0.0 ? penalty / lambda_max : penalty;
  gamma_ = gamma_.cwiseMax(0.0);
  // The velocities the starting forces produce: the minimiser of L when gamma0 is the solution.
  velocities_ = lcp.mobility.cwiseProduct(lcp.jacobian.transpose() * gamma_);
  estimate_ = gamma_;
}

BodySpaceAugmentedLagrangian::~BodySpaceAugmentedLagrangian() = default;

Eigen::VectorXd BodySpaceAugmentedLagrangian::constraint_values(const Eigen::VectorXd& v) const {
  return lcp_.scale * (lcp_.jacobian * v) + c_;
}

BodySpaceAugmentedLagrangian::StepOutcome BodySpaceAugmentedLagrangian::newton_step() {
  const double s = lcp_.scale;
  const Eigen::VectorXd pushed = (gamma_ - rho_ * constraint_values(velocities_)).cwiseMax(0.0);
  const Eigen::VectorXd active = (pushed.array() > 0.0).cast<double>().matrix();
  const Eigen::VectorXd gradient =
      s * (velocities_.cwiseQuotient(lcp_.mobility) - lcp_.jacobian.transpose() * pushed);
  if (!factorization_->factorize((rho_ * s * s) * active, s * lcp_.mobility.cwiseInverse())) {
    return StepOutcome::failed;
  }
  const Eigen::VectorXd direction = -factorization_->solve(gradient);
  const double slope = gradient.dot(direction);  // minus the squared Newton decrement
  if (!direction.allFinite() || !std::isfinite(slope)) return StepOutcome::failed;
  double step = slope < 0.0 ? sufficient_decrease_step(direction, slope) : 0.0;
  if (step == 0.0 && slope < 0.0) step = minimising_step(direction, slope);
  velocities_ += step * direction;
  const Eigen::VectorXd updated = (gamma_ - rho_ * constraint_values(velocities_)).cwiseMax(0.0);
  const bool same_rows =
      ((updated.array() > 0.0).cast<double>().matrix() - active).squaredNorm() == 0.0;
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
  const Eigen::VectorXd w =
      lcp_.scale * (lcp_.jacobian * lcp_.mobility.cwiseProduct(lcp_.jacobian.transpose() * gamma_)) +
      c_;
  const double residual = gamma_.size() > 0 ? gamma_.cwiseMin(w).cwiseAbs().maxCoeff() : 0.0;
  // The rounding of rho g(v) in the multipliers; near it a slow outer iteration says nothing.
  const double rounding_floor =
      kRoundingMargin * std::numeric_limits<double>::epsilon() * rho_ *
      std::max(c_.lpNorm<Eigen::Infinity>(), (w - c_).lpNorm<Eigen::Infinity>());
  // A slow outer iteration means rho lambda is small on some error component: stiffen. A
  // residual that grew instead is rounding noise, which a stiffer penalty would only amplify.
  if (outer_ > 1 && residual > kWantedContraction * last_residual_ &&
      residual <= last_residual_ && residual > rounding_floor && penalty_ < kMaxPenalty) {
    penalty_ *= kPenaltyGrowth;
    rho_ *= kPenaltyGrowth;
  }
  last_residual_ = residual;
}

double BodySpaceAugmentedLagrangian::lagrangian(const Eigen::VectorXd& v) const {
  const Eigen::VectorXd pushed = (gamma_ - rho_ * constraint_values(v)).cwiseMax(0.0);
  return 0.5 * lcp_.scale * v.dot(v.cwiseQuotient(lcp_.mobility)) + 0.5 / rho_ * pushed.squaredNorm();
}

// Armijo backtracking from the full Newton step, which keeps the steps long: a full step may
// cross many kinks of L and change many active rows at once, where the exact minimiser along
// d would stop at the first kink past it.
double BodySpaceAugmentedLagrangian::sufficient_decrease_step(const Eigen::VectorXd& d,
                                                              double slope) const {
  const double start = lagrangian(velocities_);
  for (double t = 1.0; t >= kSmallestArmijoStep; t *= 0.5) {
    if (lagrangian(velocities_ + t * d) <= start + kSufficientDecrease * t * slope) return t;
  }
  return 0.0;
}

// L is convex and piecewise quadratic along v + t d, so its derivative
//   L'(t) = s (v + t d)^T diag(mu)^-1 d - s (R d)^T max(0, gamma - rho g(v + t d))
// is piecewise linear and increasing. Its root in [0, 1] is found by Newton's method on L'
// inside a shrinking bracket: derivatives, unlike differences of L, stay accurate near the
// minimum, where L changes by less than its rounding error.
double BodySpaceAugmentedLagrangian::minimising_step(const Eigen::VectorXd& d, double slope) const {
  const double s = lcp_.scale;
  const Eigen::VectorXd weighted_d = d.cwiseQuotient(lcp_.mobility);
  const double start = s * velocities_.dot(weighted_d);
  const double curvature = s * d.dot(weighted_d);
  const Eigen::VectorXd Rd = lcp_.jacobian * d;
  const Eigen::VectorXd shifted = gamma_ - rho_ * constraint_values(velocities_);
  auto derivative = [&](double t, double* second) {
    double value = start + t * curvature;
    double bend = curvature;
    for (Eigen::Index r = 0; r < Rd.size(); ++r) {
      const double pushed = shifted[r] - rho_ * s * t * Rd[r];
      if (pushed > 0.0) {
        value -= s * Rd[r] * pushed;
        bend += rho_ * s * s * Rd[r] * Rd[r];
      }
    }
    *second = bend;
    return value;
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
