#include "collision/body_space/newton_system.hpp"

#include <cmath>
#include <stdexcept>
#include <vector>

namespace relcp::collision {
namespace {

// A reused factorization's conjugate gradients stop when the residual, in the norm of the stale
// factorization's inverse, falls by this factor: the accuracy of the refined direct solve.
constexpr double kReuseTolerance = 1e-10;
// An updated factorization is exact but for the rounding of its downdates: a few iterations.
constexpr int kUpdatedSolveIterations = 10;

}  // namespace

NewtonSystem::NewtonSystem(const BodySpace& space, NewtonReuse reuse)
    : space_(space),
      reuse_iterations_(reuse.iterations),
      update_fraction_(reuse.update_fraction),
      factorization_(space.newton_factorization()) {
  if (reuse.iterations < 0) throw std::invalid_argument("Newton system: reuse_iterations must be >= 0");
  if (!(reuse.update_fraction >= 0.0 && reuse.update_fraction <= 1.0)) {
    throw std::invalid_argument("Newton system: update_fraction must lie in [0, 1]");
  }
}

bool NewtonSystem::set_matrix(const Eigen::VectorXd& row_weights, const Eigen::VectorXd& diagonal) {
  row_weights_ = row_weights;
  diagonal_ = diagonal;
  if (factorized_ && row_weights.size() == factorized_row_weights_.size() &&
      diagonal.size() == factorized_diagonal_.size()) {
    // Conjugate gradients on the stale factorization take about one iteration per changed row;
    // a changed diagonal changes every direction.
    double changes[2] = {static_cast<double>((row_weights.array() != factorized_row_weights_.array()).count()),
                         static_cast<double>((diagonal.array() != factorized_diagonal_.array()).count())};
    space_.sum(changes, 2);
    current_ = changes[0] == 0.0 && changes[1] == 0.0;
    if (current_) return true;
    if (changes[1] == 0.0 && update_fraction_ > 0.0 && factorization_->can_update()) {
      const double rows = space_.sum(static_cast<double>(space_.local_rows()));
      if (changes[0] <= update_fraction_ * rows && update()) return true;
    } else if (changes[1] == 0.0 && changes[0] < reuse_iterations_) {
      return true;
    }
  }
  return factorize();
}

bool NewtonSystem::adopt(NewtonSystem& previous, const std::vector<Eigen::Index>& new_row) {
  const auto rows = static_cast<Eigen::Index>(new_row.size());
  if (!previous.factorized_ || previous.factorized_row_weights_.size() != rows || !factorization_->can_update() ||
      !factorization_->adopt(*previous.factorization_)) {
    return false;
  }
  previous.factorized_ = false;
  factorized_row_weights_ = Eigen::VectorXd::Zero(space_.local_rows());
  for (Eigen::Index r = 0; r < rows; ++r) factorized_row_weights_[new_row[r]] = previous.factorized_row_weights_[r];
  factorized_diagonal_ = previous.factorized_diagonal_;
  factorized_ = true;
  current_ = false;
  updated_ = previous.updated_;
  return true;
}

bool NewtonSystem::update() {
  std::vector<Eigen::Index> rows;
  for (Eigen::Index r = 0; r < row_weights_.size(); ++r) {
    if (row_weights_[r] != factorized_row_weights_[r]) rows.push_back(r);
  }
  const bool updated = factorization_->update(rows, factorized_row_weights_, row_weights_);
  if (space_.max(updated ? 0.0 : 1.0) != 0.0) {
    factorized_ = false;  // a failed update may have left it half modified
    return false;
  }
  ++updates_;
  factorized_row_weights_ = row_weights_;
  current_ = true;
  updated_ = true;
  return true;
}

bool NewtonSystem::factorize() {
  ++factorizations_;
  const bool ok = factorization_->factorize(row_weights_, diagonal_);
  factorized_ = ok;
  current_ = ok;
  updated_ = false;
  if (ok) {
    factorized_row_weights_ = row_weights_;
    factorized_diagonal_ = diagonal_;
  }
  return ok;
}

Eigen::VectorXd NewtonSystem::product(const Eigen::VectorXd& x) const {
  return diagonal_.cwiseProduct(x) + space_.multiply_transpose(row_weights_.cwiseProduct(space_.multiply(x)));
}

Eigen::VectorXd NewtonSystem::factorization_solve(const Eigen::VectorXd& rhs) {
  ++factorization_solves_;
  return factorization_->solve(rhs);
}

Eigen::VectorXd NewtonSystem::direct_solve(const Eigen::VectorXd& rhs) {
  Eigen::VectorXd x = factorization_solve(rhs);
  const Eigen::VectorXd residual = rhs - product(x);
  // One step of iterative refinement, unless the residual already meets the reused solves' target
  // by preconditioned_solve's bound r^T H^-1 r <= r^T diag^-1 r. Skipping it where it could not
  // matter saved 11 % of the triangular solves and 4-6 % of a colony step at 4,096-32,768 cells
  // (docs/collision_alm.md, "Refinement only where it is needed").
  const double target = kReuseTolerance * kReuseTolerance * space_.dot(rhs, x);
  if (space_.dot(residual, residual.cwiseQuotient(diagonal_)) <= target) return x;
  x += factorization_solve(residual);
  return x;
}

bool NewtonSystem::preconditioned_solve(const Eigen::VectorXd& rhs, Eigen::VectorXd& x, int limit) {
  x = Eigen::VectorXd::Zero(rhs.size());
  Eigen::VectorXd r = rhs;
  Eigen::VectorXd z = factorization_solve(r);
  double rz = space_.dot(r, z);
  const double target = kReuseTolerance * kReuseTolerance * rz;
  // H = diag + R^T W R with W >= 0 is at least diag (Loewner order), so r^T H^-1 r <= r^T diag^-1 r:
  // an iterate whose residual passes this bound has met the target in H's inverse norm, and is
  // accepted without applying the factorization to its residual (that second solve was half of the
  // triangular solves). On the colony's updated factorizations the first iterate passes it in 3 of
  // 4 solves, ||r||^2 / min(diag) in 2 of 3 (docs/collision_alm.md).
  const Eigen::VectorXd inverse_diagonal = diagonal_.cwiseInverse();
  if (!(rz > 0.0)) return rz == 0.0;  // rhs = 0 solves as x = 0
  Eigen::VectorXd p = z;
  for (int k = 0; k < limit; ++k) {
    const Eigen::VectorXd Hp = product(p);
    const double curvature = space_.dot(p, Hp);
    if (!(curvature > 0.0)) return false;
    const double alpha = rz / curvature;
    x += alpha * p;
    r -= alpha * Hp;
    ++krylov_iterations_;
    const double residual_bound = space_.dot(r, r.cwiseProduct(inverse_diagonal));
    if (!std::isfinite(residual_bound)) return false;
    if (residual_bound <= target) return true;
    z = factorization_solve(r);
    const double next = space_.dot(r, z);
    if (!std::isfinite(next)) return false;
    if (next <= target) return true;
    p = z + (next / rz) * p;
    rz = next;
  }
  return false;
}

bool NewtonSystem::solve(const Eigen::VectorXd& rhs, Eigen::VectorXd& solution) {
  if (!factorized_) return false;
  if (!current_ || updated_) {
    const int limit = (current_ ? 0 : reuse_iterations_) + (updated_ ? kUpdatedSolveIterations : 0);
    if (preconditioned_solve(rhs, solution, limit)) {
      ++reused_solves_;
      return true;
    }
    if (!factorize()) return false;
  }
  solution = direct_solve(rhs);
  return true;
}

}  // namespace relcp::collision
