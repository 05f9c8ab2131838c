#include "lcp/newton/gmres.hpp"

#include <algorithm>
#include <cmath>

namespace relcp::lcp {
namespace {

void apply_preconditioner(const Vector& inverse_diagonal, const Eigen::Ref<const Vector>& v, Vector& out) {
  if (inverse_diagonal.size() == 0) {
    out = v;
  } else {
    out = inverse_diagonal.cwiseProduct(v);
  }
}

}  // namespace

GmresReport GmresSolver::solve(const LinearOperator& K, const Vector& rhs, const Vector& inverse_diagonal,
                               const GmresSettings& settings, Vector& x) {
  const Index n = rhs.size();
  const int restart = static_cast<int>(std::clamp<Index>(settings.restart, 1, std::max<Index>(n, 1)));
  GmresReport report;
  if (n == 0) {
    report.converged = true;
    return report;
  }
  if (basis_.rows() != n || basis_.cols() != restart + 1) basis_.resize(n, restart + 1);
  hessenberg_.setZero(restart + 1, restart);
  cosines_.resize(restart);
  sines_.resize(restart);
  projected_rhs_.resize(restart + 1);
  residual_.resize(n);
  work_.resize(n);
  preconditioned_.resize(n);

  K(x, work_);
  residual_ = rhs - work_;
  double beta = residual_.norm();
  while (beta > settings.absolute_tolerance && report.iterations < settings.max_iterations && std::isfinite(beta)) {
    basis_.col(0) = residual_ / beta;
    projected_rhs_.setZero();
    projected_rhs_[0] = beta;
    int columns = 0;
    for (int j = 0; j < restart && report.iterations < settings.max_iterations; ++j) {
      apply_preconditioner(inverse_diagonal, basis_.col(j), preconditioned_);
      K(preconditioned_, work_);
      ++report.iterations;
      // Modified Gram-Schmidt against the basis so far.
      for (int i = 0; i <= j; ++i) {
        const double h = basis_.col(i).dot(work_);
        hessenberg_(i, j) = h;
        work_.noalias() -= h * basis_.col(i);
      }
      const double next_norm = work_.norm();
      hessenberg_(j + 1, j) = next_norm;
      if (next_norm > 0.0) basis_.col(j + 1) = work_ / next_norm;
      for (int i = 0; i < j; ++i) {  // earlier rotations on the new column
        const double a = hessenberg_(i, j);
        const double b = hessenberg_(i + 1, j);
        hessenberg_(i, j) = cosines_[i] * a + sines_[i] * b;
        hessenberg_(i + 1, j) = -sines_[i] * a + cosines_[i] * b;
      }
      const double a = hessenberg_(j, j);
      const double b = hessenberg_(j + 1, j);
      const double radius = std::hypot(a, b);
      cosines_[j] = radius > 0.0 ? a / radius : 1.0;
      sines_[j] = radius > 0.0 ? b / radius : 0.0;
      hessenberg_(j, j) = radius;
      hessenberg_(j + 1, j) = 0.0;
      projected_rhs_[j + 1] = -sines_[j] * projected_rhs_[j];
      projected_rhs_[j] = cosines_[j] * projected_rhs_[j];
      columns = j + 1;
      const bool breakdown = next_norm == 0.0;  // the Krylov space is invariant: exact solution
      if (std::abs(projected_rhs_[j + 1]) <= settings.absolute_tolerance || breakdown ||
          !std::isfinite(projected_rhs_[j + 1])) {
        break;
      }
    }
    // x += P V y with H y = g (upper triangular after the rotations). A zero pivot (singular
    // K) ends the back substitution early: the remaining components are left at zero.
    Vector y = Vector::Zero(columns);
    for (int i = columns - 1; i >= 0; --i) {
      double sum = projected_rhs_[i];
      for (int k = i + 1; k < columns; ++k) sum -= hessenberg_(i, k) * y[k];
      y[i] = hessenberg_(i, i) != 0.0 ? sum / hessenberg_(i, i) : 0.0;
    }
    work_.noalias() = basis_.leftCols(columns) * y;
    apply_preconditioner(inverse_diagonal, work_, preconditioned_);
    x += preconditioned_;
    K(x, work_);
    residual_ = rhs - work_;
    const double previous = beta;
    beta = residual_.norm();
    if (!(beta < previous)) break;  // no progress over a whole cycle: more restarts won't help
  }
  report.residual_norm = beta;
  report.converged = beta <= settings.absolute_tolerance;
  return report;
}

}  // namespace relcp::lcp
