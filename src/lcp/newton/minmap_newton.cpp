#include "lcp/newton/minmap_newton.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "core/stopwatch.hpp"
#include "lcp/matrix_symmetry.hpp"
#include "lcp/newton/fischer_jacobian.hpp"
#include "lcp/newton/fischer_merit_globalization.hpp"
#include "lcp/newton/newton_stopping.hpp"
#include "lcp/newton/projected_line_search.hpp"
#include "lcp/residual.hpp"
#include "lcp/solver_factories.hpp"
#include "lcp/starting_point.hpp"

namespace relcp::lcp {
namespace {

constexpr int kDefaultIterations = 100;
constexpr double kEpsilon = std::numeric_limits<double>::epsilon();
constexpr int kGmresRestart = 30;
constexpr int kGmresMaxIterations = 600;

// Erleben's step: Armijo on theta = ||H||^2 / 2 along the Newton direction, which must be a
// descent direction; any failure ends the solve with the returned status.
std::optional<Status> take_plain_step(const Vector& z, const Vector& dz, double theta, const Vector& gradient,
                                      const MeritFunction& merit, Vector& trial, LineSearchOutcome& step) {
  if (!dz.allFinite()) return Status::nondescent;
  if (dz.lpNorm<Eigen::Infinity>() <= kEpsilon * std::max(1.0, z.lpNorm<Eigen::Infinity>())) {
    return Status::stagnation;
  }
  const double slope = gradient.dot(dz);
  if (!(slope <= -kEpsilon * dz.squaredNorm())) return Status::nondescent;
  step = projected_armijo_search(z, dz, theta, slope, merit, trial);
  if (step.accepted) return std::nullopt;
  // Trial points distinct from z that never decrease theta: the linearization's slope was
  // wrong (theta is not differentiable across the kinks w_i = z_i), i.e. dz is not a descent
  // direction. Trial points equal to z: theta is at round-off.
  return trial != z ? Status::nondescent : Status::stagnation;
}

class MinMapNewtonSolver final : public LcpSolver {
 public:
  std::string_view name() const override { return "minmap"; }
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
    const bool symmetric = is_symmetric(problem);
    MinMapLinearization linearization(problem, symmetric);
    InnerSolveSettings inner{use_direct_solve(problem.size(), options), 0.0};
    std::optional<FischerMeritGlobalization> fischer;
    if (options.minmap_globalization == MinMapGlobalization::fischer_burmeister) fischer.emplace(problem, symmetric);

    Vector dz, trial, trial_w;
    // theta = ||H||^2 / 2, or psi = ||phi_FB||^2 / 2 under the Fischer-Burmeister globalization.
    const MeritFunction merit = [&](const Vector& point) {
      trial_w = problem.multiply(point);
      trial_w += q;
      return fischer ? fischer_burmeister_merit(point, trial_w) : 0.5 * point.cwiseMin(trial_w).squaredNorm();
    };
    double previous_theta = 0.0;
    while (true) {
      linearization.linearize(z, w);
      const Vector& H = linearization.map();
      const double theta = fischer ? fischer->merit_at(z, w) : 0.5 * H.squaredNorm();
      const double residual = H.lpNorm<Eigen::Infinity>();
      if (const auto stop =
              newton_stopping_status(theta, previous_theta, residual, result.iterations, limit, options)) {
        result.status = *stop;
        break;
      }
      ++result.iterations;
      const double H_norm = H.norm();
      const Vector gradient = fischer ? fischer->gradient() : linearization.merit_gradient();
      if (gradient.norm() <= stationary_ratio * (fischer ? fischer->map_norm() : H_norm)) {
        result.status = Status::local_minimum;
        break;
      }
      inner.absolute_tolerance = inexact_newton_tolerance(H_norm);
      linearization.solve(-H, dz, inner);
      LineSearchOutcome step;
      if (fischer) {
        step = fischer->step(z, theta, gradient, dz, merit, trial, inner);
        if (!step.accepted) {
          result.status = Status::stagnation;
          break;
        }
      } else if (const auto failure = take_plain_step(z, dz, theta, gradient, merit, trial, step)) {
        result.status = *failure;
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

MinMapLinearization::MinMapLinearization(const LcpProblem& problem, bool symmetric)
    : problem_(problem), symmetric_(symmetric) {}

void MinMapLinearization::linearize(const Vector& z, const Vector& w) {
  const Index n = problem_.size();
  H_ = z.cwiseMin(w);
  active_.clear();
  position_in_active_.assign(static_cast<std::size_t>(n), -1);
  for (Index i = 0; i < n; ++i) {
    if (w[i] < z[i]) {
      position_in_active_[i] = static_cast<Index>(active_.size());
      active_.push_back(i);
    }
  }
}

Vector MinMapLinearization::jacobian_product(const Vector& dz) const {
  Vector product = problem_.multiply(dz);
  for (Index i = 0; i < product.size(); ++i) {
    if (!is_active(i)) product[i] = dz[i];
  }
  return product;
}

Vector MinMapLinearization::merit_gradient() const {
  Vector active_part = Vector::Zero(H_.size());
  for (const Index i : active_) active_part[i] = H_[i];
  Vector gradient;
  if (symmetric_) {
    gradient = problem_.multiply(active_part);
  } else if (problem_.is_sparse()) {
    gradient = problem_.sparse().transpose() * active_part;
  } else {
    gradient = problem_.dense().transpose() * active_part;
  }
  for (Index i = 0; i < H_.size(); ++i) {
    if (!is_active(i)) gradient[i] += H_[i];
  }
  return gradient;
}

InnerSolveReport MinMapLinearization::solve(const Vector& rhs, Vector& dz, const InnerSolveSettings& settings) {
  const Index n = problem_.size();
  const Index m = active_count();
  // Rows in F are identity rows: dz_F = rhs_F, which moves to the right side of the A rows.
  Vector free_part = rhs;
  for (const Index i : active_) free_part[i] = 0.0;
  const Vector coupling = problem_.multiply(free_part);
  Vector reduced_rhs(m);
  for (Index k = 0; k < m; ++k) reduced_rhs[k] = rhs[active_[k]] - coupling[active_[k]];

  InnerSolveReport report;
  Vector reduced_solution = Vector::Zero(m);
  if (m > 0 && settings.direct) {
    assemble_reduced_dense();
    dense_solve_.factorize(reduced_dense_, symmetric_);
    dense_solve_.solve(reduced_rhs, reduced_solution);
  } else if (m > 0) {
    LinearOperator product;
    Vector diagonal;
    if (problem_.is_sparse()) {
      assemble_reduced_sparse();
      product = [this](const Vector& v, Vector& out) { out.noalias() = reduced_sparse_ * v; };
      diagonal = reduced_sparse_.diagonal();
    } else {
      assemble_reduced_dense();
      product = [this](const Vector& v, Vector& out) { out.noalias() = reduced_dense_ * v; };
      diagonal = reduced_dense_.diagonal();
    }
    GmresSettings gmres_settings;
    gmres_settings.restart = kGmresRestart;
    gmres_settings.max_iterations = kGmresMaxIterations;
    gmres_settings.absolute_tolerance = settings.absolute_tolerance;
    const GmresReport gmres =
        gmres_.solve(product, reduced_rhs, safe_inverse_diagonal(diagonal), gmres_settings, reduced_solution);
    report.iterations = gmres.iterations;
    report.residual_norm = gmres.residual_norm;
    report.converged = gmres.converged;
  }
  dz.resize(n);
  dz = free_part;
  for (Index k = 0; k < m; ++k) dz[active_[k]] = reduced_solution[k];
  return report;
}

void MinMapLinearization::assemble_reduced_dense() {
  const DenseMatrix& M = problem_.dense();
  reduced_dense_ = M(active_, active_);
}

void MinMapLinearization::assemble_reduced_sparse() {
  const SparseMatrix& M = problem_.sparse();
  const Index m = active_count();
  reduced_sparse_.resize(m, m);
  reduced_sparse_.reserve(M.nonZeros());
  // Rows of M are visited in order and position_in_active_ is increasing, so every reduced row
  // is produced with sorted columns and can be appended directly.
  for (Index k = 0; k < m; ++k) {
    reduced_sparse_.startVec(k);
    for (SparseMatrix::InnerIterator it(M, active_[k]); it; ++it) {
      const Index column = position_in_active_[it.col()];
      if (column >= 0) reduced_sparse_.insertBack(k, column) = it.value();
    }
  }
  reduced_sparse_.finalize();
}

std::unique_ptr<LcpSolver> make_minmap_solver() { return std::make_unique<MinMapNewtonSolver>(); }

}  // namespace relcp::lcp
