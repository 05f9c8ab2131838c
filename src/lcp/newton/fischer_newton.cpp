#include "lcp/newton/fischer_newton.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/stopwatch.hpp"
#include "lcp/matrix_symmetry.hpp"
#include "lcp/newton/fischer_jacobian.hpp"
#include "lcp/newton/newton_stopping.hpp"
#include "lcp/newton/projected_line_search.hpp"
#include "lcp/residual.hpp"
#include "lcp/solver_factories.hpp"
#include "lcp/starting_point.hpp"

namespace relcp::lcp {
namespace {

constexpr int kDefaultIterations = 100;
constexpr double kEpsilon = std::numeric_limits<double>::epsilon();
constexpr int kGmresRestart = 100;
constexpr int kGmresMaxIterations = 600;

void fischer_map(const Vector& z, const Vector& w, Vector& F) {
  F.resize(z.size());
  for (Index i = 0; i < z.size(); ++i) F[i] = fischer_burmeister_value(z[i], w[i]);
}

class FischerNewtonSolver final : public LcpSolver {
 public:
  std::string_view name() const override { return "fischer"; }
  SolverFamily family() const override { return SolverFamily::newton; }

  SolverResult solve(const LcpProblem& problem, const SolverOptions& options) const override {
    const Stopwatch clock;
    const int limit = iteration_limit(options, kDefaultIterations);
    SolverResult result;
    Vector& z = result.z;
    z = projected_starting_point(problem, options);
    const Vector& q = problem.q();
    Vector w = problem.w(z);
    const double stationary_ratio = local_minimum_ratio(problem);
    FischerLinearization linearization(problem, options.jacobian, is_symmetric(problem), options.seed);
    InnerSolveSettings inner{use_direct_solve(problem.size(), options), 0.0};

    Vector dz, trial, trial_w;
    const MeritFunction merit = [&](const Vector& point) {
      trial_w = problem.multiply(point);
      trial_w += q;
      return fischer_burmeister_merit(point, trial_w);
    };
    double previous_theta = 0.0;
    while (true) {
      linearization.linearize(z, w);
      const Vector& F = linearization.map();
      const double theta = 0.5 * F.squaredNorm();
      if (const auto stop = newton_stopping_status(theta, previous_theta, natural_residual(z, w), result.iterations,
                                                   limit, options)) {
        result.status = *stop;
        break;
      }
      ++result.iterations;
      const double F_norm = F.norm();
      const Vector gradient = linearization.merit_gradient();
      if (gradient.norm() <= stationary_ratio * F_norm) {
        result.status = Status::local_minimum;
        break;
      }
      inner.absolute_tolerance = inexact_newton_tolerance(F_norm);
      linearization.solve(-F, dz, inner);
      LineSearchOutcome step;
      if (dz.allFinite()) {
        const double slope = options.jacobian == FischerJacobian::approximation
                                 ? F.dot(linearization.jacobian_product(dz))
                                 : gradient.dot(dz);
        if (slope <= -kEpsilon * dz.squaredNorm()) {
          step = projected_armijo_search(z, dz, theta, slope, merit, trial);
        }
      }
      if (!step.accepted) {  // steepest descent on theta instead
        dz = -gradient;
        step = projected_armijo_search(z, dz, theta, -gradient.squaredNorm(), merit, trial);
      }
      if (!step.accepted) {
        result.status = Status::stagnation;
        break;
      }
      z.swap(trial);
      w.swap(trial_w);
      previous_theta = theta;
      if (options.record_history) result.merit_history.push_back(step.merit);
    }
    result.residual = natural_residual(z, w);
    result.seconds = clock.seconds();
    return result;
  }
};

}  // namespace

FischerLinearization::FischerLinearization(const LcpProblem& problem, FischerJacobian strategy, bool symmetric,
                                           std::uint64_t seed)
    : problem_(problem), strategy_(strategy), symmetric_(symmetric), random_(seed) {}

void FischerLinearization::linearize(const Vector& z, const Vector& w) {
  z_ = z;
  w_ = w;
  fischer_map(z, w, F_);
  fischer_jacobian_diagonals(z, w, strategy_, random_, p_, q_);
}

Vector FischerLinearization::analytic_product(const Vector& dz) const {
  Vector product = problem_.multiply(dz);
  product.array() = p_.array() * dz.array() + q_.array() * product.array();
  return product;
}

Vector FischerLinearization::finite_difference_product(const Vector& dz) const {
  const double direction_norm = dz.norm();
  if (direction_norm == 0.0) return Vector::Zero(dz.size());
  const double h = std::sqrt(kEpsilon) * std::max(1.0, z_.norm()) / direction_norm;
  const Vector M_dz = problem_.multiply(dz);
  Vector product(dz.size());
  for (Index i = 0; i < dz.size(); ++i) {
    const double shifted = fischer_burmeister_value(z_[i] + h * dz[i], w_[i] + h * M_dz[i]);
    product[i] = (shifted - F_[i]) / h;
  }
  return product;
}

Vector FischerLinearization::jacobian_product(const Vector& dz) const {
  return strategy_ == FischerJacobian::approximation ? finite_difference_product(dz) : analytic_product(dz);
}

Vector FischerLinearization::merit_gradient() const {
  const Vector scaled = q_.cwiseProduct(F_);
  Vector gradient = problem_.is_sparse() ? Vector(problem_.sparse().transpose() * scaled)
                                         : Vector(problem_.dense().transpose() * scaled);
  gradient += p_.cwiseProduct(F_);
  return gradient;
}

InnerSolveReport FischerLinearization::solve(const Vector& rhs, Vector& dz, const InnerSolveSettings& settings) {
  if (settings.direct && strategy_ != FischerJacobian::approximation) {
    solve_direct(rhs, dz);
    return InnerSolveReport{};
  }
  return solve_iterative(rhs, dz, settings.absolute_tolerance);
}

void FischerLinearization::solve_direct(const Vector& rhs, Vector& dz) {
  const Index n = rhs.size();
  // Identity rows (q_i = 0 up to round-off, then p_i = -1): dz_i = rhs_i / p_i directly.
  dz.setZero(n);
  reduced_rows_.clear();
  for (Index i = 0; i < n; ++i) {
    if (std::abs(q_[i]) <= kEpsilon * std::abs(p_[i])) {
      dz[i] = rhs[i] / p_[i];
    } else {
      reduced_rows_.push_back(i);
    }
  }
  const Index m = static_cast<Index>(reduced_rows_.size());
  if (m == 0) return;
  const Vector coupling = problem_.multiply(dz);  // M_R0 dz_0 on the reduced rows
  const Vector p_R = p_(reduced_rows_);
  const Vector q_R = q_(reduced_rows_);
  reduced_matrix_ = problem_.dense()(reduced_rows_, reduced_rows_);
  Vector reduced_rhs(m);
  for (Index k = 0; k < m; ++k) reduced_rhs[k] = rhs[reduced_rows_[k]];
  if (symmetric_) {
    // Rows divided by q_R: (M_RR + diag(p_R / q_R)) dz_R = rhs_R / q_R - M_R0 dz_0.
    reduced_matrix_.diagonal() += p_R.cwiseQuotient(q_R);
    reduced_rhs = reduced_rhs.cwiseQuotient(q_R) - coupling(reduced_rows_);
  } else {
    reduced_matrix_ = q_R.asDiagonal() * reduced_matrix_;
    reduced_matrix_.diagonal() += p_R;
    reduced_rhs -= q_R.cwiseProduct(coupling(reduced_rows_));
  }
  dense_solve_.factorize(reduced_matrix_, symmetric_);
  Vector reduced_solution;
  dense_solve_.solve(reduced_rhs, reduced_solution);
  for (Index k = 0; k < m; ++k) dz[reduced_rows_[k]] = reduced_solution[k];
}

InnerSolveReport FischerLinearization::solve_iterative(const Vector& rhs, Vector& dz, double absolute_tolerance) {
  const LinearOperator product = [this](const Vector& v, Vector& out) { out = jacobian_product(v); };
  GmresSettings gmres_settings;
  gmres_settings.restart = kGmresRestart;
  gmres_settings.max_iterations = kGmresMaxIterations;
  gmres_settings.absolute_tolerance = absolute_tolerance;
  dz = Vector::Zero(rhs.size());
  // No Jacobi preconditioner: on contact problems the slack rows have M_ii = 0 and p_i -> 0,
  // and scaling by 1 / (p_i + q_i M_ii) made GMRES diverge.
  const GmresReport gmres = gmres_.solve(product, rhs, Vector(), gmres_settings, dz);
  InnerSolveReport report;
  report.iterations = gmres.iterations;
  report.residual_norm = gmres.residual_norm;
  report.converged = gmres.converged;
  return report;
}

std::unique_ptr<LcpSolver> make_fischer_solver() { return std::make_unique<FischerNewtonSolver>(); }

}  // namespace relcp::lcp
