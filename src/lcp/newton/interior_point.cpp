#include "lcp/newton/interior_point.hpp"

#include <Eigen/SparseCholesky>
#include <Eigen/SparseLU>
#include <algorithm>
#include <cmath>
#include <optional>

#include "core/stopwatch.hpp"
#include "lcp/matrix_symmetry.hpp"
#include "lcp/newton/newton_system.hpp"
#include "lcp/residual.hpp"
#include "lcp/solver_factories.hpp"
#include "lcp/starting_point.hpp"

namespace relcp::lcp {
namespace {

constexpr int kDefaultIterations = 100;
constexpr double kWarmStartFloor = 1e-2;  // warm starts are pushed this far into the interior
constexpr double kNegligibleStep = 1e-14;
// Fraction of the distance to the boundary a step may cover: 1 - mu within these bounds, so
// that steps lengthen as the gap closes but never reach x_i = 0 or y_i = 0 exactly.
constexpr double kMinBoundaryFraction = 0.995;
constexpr double kMaxBoundaryFraction = 1.0 - 1e-6;

using ColumnMajorSparse = Eigen::SparseMatrix<double, Eigen::ColMajor, int>;

// Factorizes K = M + diag(d) with a dense or a sparse direct method and solves with it.
class ReducedKojimaSystem {
 public:
  ReducedKojimaSystem(const LcpProblem& problem, bool symmetric, bool sparse)
      : problem_(problem), symmetric_(symmetric), sparse_(sparse) {}

  // False when the factorization failed (structurally or numerically singular).
  bool factorize(const Vector& d) {
    if (!sparse_) {
      dense_ = problem_.dense();
      dense_.diagonal() += d;
      dense_solve_.factorize(dense_, symmetric_);
      return true;
    }
    sparse_matrix_ = problem_.sparse();
    sparse_matrix_ += d.asDiagonal();
    if (symmetric_) {
      if (!analyzed_) ldlt_.analyzePattern(sparse_matrix_);
      ldlt_.factorize(sparse_matrix_);
      analyzed_ = true;
      return ldlt_.info() == Eigen::Success;
    }
    if (!analyzed_) lu_.analyzePattern(sparse_matrix_);
    lu_.factorize(sparse_matrix_);
    analyzed_ = true;
    return lu_.info() == Eigen::Success;
  }

  void solve(const Vector& rhs, Vector& x) {
    if (!sparse_) {
      dense_solve_.solve(rhs, x);
    } else if (symmetric_) {
      x = ldlt_.solve(rhs);
    } else {
      x = lu_.solve(rhs);
    }
  }

 private:
  const LcpProblem& problem_;
  bool symmetric_;
  bool sparse_;
  bool analyzed_ = false;
  DenseMatrix dense_;
  DenseNewtonSolve dense_solve_;
  ColumnMajorSparse sparse_matrix_;
  Eigen::SimplicialLDLT<ColumnMajorSparse> ldlt_;
  Eigen::SparseLU<ColumnMajorSparse> lu_;
};

// Newton directions of the Kojima map at one (x, y) > 0: with infeasibility r = Mx + q - y,
//   M dx - dy = -r,  Y dx + X dy = c   =>   (M + X^-1 Y) dx = X^-1 c - r,  dy = M dx + r,
// for any complementarity right-hand side c; the factorization is shared by all c.
class KojimaNewton {
 public:
  KojimaNewton(const LcpProblem& problem, ReducedKojimaSystem& system) : problem_(problem), system_(system) {}

  // False when the reduced matrix could not be factorized.
  bool linearize(const Vector& x, const Vector& y) {
    x_ = &x;
    infeasibility_ = problem_.w(x) - y;
    return system_.factorize(y.cwiseQuotient(x));
  }

  // False when the direction is not finite.
  bool direction(const Vector& c, Vector& dx, Vector& dy) {
    system_.solve(c.cwiseQuotient(*x_) - infeasibility_, dx);
    dy = problem_.multiply(dx) + infeasibility_;
    return dx.allFinite() && dy.allFinite();
  }

 private:
  const LcpProblem& problem_;
  ReducedKojimaSystem& system_;
  const Vector* x_ = nullptr;
  Vector infeasibility_;
};

class InteriorPointSolver final : public LcpSolver {
 public:
  std::string_view name() const override { return "ip"; }
  SolverFamily family() const override { return SolverFamily::interior_point; }

  SolverResult solve(const LcpProblem& problem, const SolverOptions& options) const override {
    const Stopwatch clock;
    const int limit = iteration_limit(options, kDefaultIterations);
    const Index n = problem.size();
    SolverResult result;
    Vector& x = result.z;
    const bool sparse_factorization = problem.is_sparse() && !use_direct_solve(n, options);
    ReducedKojimaSystem system(problem, is_symmetric(problem), sparse_factorization);
    Vector y, dx, dy;
    if (n == 0) {
      x = Vector(0);
      result.status = Status::converged;
      result.seconds = clock.seconds();
      return result;
    }
    if (!starting_point(problem, options, system, x, y)) {
      result.status = Status::numerical_failure;
    } else {
      result.status = iterate(problem, options, limit, system, result, y);
    }
    result.residual = natural_residual(problem, x);
    result.seconds = clock.seconds();
    return result;
  }

 private:
  // Cold start (adapted from ip_lcp.m): from x = 1, y = max(1, |Mx + q|) one Newton step
  // towards x_i y_i = 1, then x = max(1, |x + dx|), y = max(1, |y + dy|).
  static bool starting_point(const LcpProblem& problem, const SolverOptions& options, ReducedKojimaSystem& system,
                             Vector& x, Vector& y) {
    const Index n = problem.size();
    if (options.warm_start.size() > 0) {
      x = projected_starting_point(problem, options).cwiseMax(kWarmStartFloor);
      y = problem.w(x).cwiseMax(kWarmStartFloor);
      return true;
    }
    x = Vector::Ones(n);
    y = problem.w(x).cwiseAbs().cwiseMax(1.0);
    Vector dx, dy;
    KojimaNewton newton(problem, system);
    const Vector towards_unit_products = Vector::Ones(n) - x.cwiseProduct(y);
    if (!newton.linearize(x, y) || !newton.direction(towards_unit_products, dx, dy)) return false;
    x = (x + dx).cwiseAbs().cwiseMax(1.0);
    y = (y + dy).cwiseAbs().cwiseMax(1.0);
    return true;
  }

  static Status iterate(const LcpProblem& problem, const SolverOptions& options, int limit, ReducedKojimaSystem& system,
                        SolverResult& result, Vector& y) {
    Vector& x = result.z;
    const double n = static_cast<double>(problem.size());
    KojimaNewton newton(problem, system);
    Vector affine_dx, affine_dy, dx, dy;
    double previous_gap = x.dot(y);
    while (true) {
      const double residual = natural_residual(problem, x);
      if (!std::isfinite(residual)) return Status::numerical_failure;
      if (residual <= options.tolerance) return Status::converged;
      if (result.iterations >= limit) return Status::max_iterations;
      ++result.iterations;
      if (!newton.linearize(x, y)) return Status::numerical_failure;
      // Predictor: the affine-scaling direction (target XYe = 0) and how far it could go.
      const Vector products = x.cwiseProduct(y);
      if (!newton.direction(-products, affine_dx, affine_dy)) return Status::numerical_failure;
      const double mu = products.sum() / n;
      const double affine_mu = (x + step_to_boundary(x, affine_dx, 1.0) * affine_dx)
                                   .dot(y + step_to_boundary(y, affine_dy, 1.0) * affine_dy) /
                               n;
      // Corrector: centred towards sigma mu, with the second-order term of the predictor.
      const double sigma = interior_point_centering(mu, affine_mu);
      const Vector target = (Vector::Constant(x.size(), sigma * mu) - products - affine_dx.cwiseProduct(affine_dy));
      if (!newton.direction(target, dx, dy)) return Status::numerical_failure;
      const double fraction = std::clamp(1.0 - mu, kMinBoundaryFraction, kMaxBoundaryFraction);
      const double tau_x = step_to_boundary(x, dx, fraction);
      const double tau_y = step_to_boundary(y, dy, fraction);
      x += tau_x * dx;
      y += tau_y * dy;
      const double gap = x.dot(y);
      if (options.record_history) result.merit_history.push_back(gap);
      const double scale = std::max({1.0, x.lpNorm<Eigen::Infinity>(), y.lpNorm<Eigen::Infinity>()});
      if (std::max(tau_x * dx.lpNorm<Eigen::Infinity>(), tau_y * dy.lpNorm<Eigen::Infinity>()) <=
          kNegligibleStep * scale) {
        return natural_residual(problem, x) <= options.tolerance ? Status::converged : Status::stagnation;
      }
      if (options.relative_tolerance > 0.0 &&
          std::abs(gap - previous_gap) <= options.relative_tolerance * previous_gap) {
        return natural_residual(problem, x) <= options.tolerance ? Status::converged : Status::stagnation;
      }
      previous_gap = gap;
    }
  }
};

}  // namespace

double interior_point_centering(double mu, double affine_mu) {
  if (!(mu > 0.0)) return 0.0;
  const double ratio = std::clamp(affine_mu / mu, 0.0, 1.0);
  return ratio * ratio * ratio;
}

double step_to_boundary(const Vector& v, const Vector& dv, double fraction) {
  double tau = 1.0;
  for (Index i = 0; i < v.size(); ++i) {
    if (dv[i] < 0.0) tau = std::min(tau, -fraction * v[i] / dv[i]);
  }
  return tau;
}

std::unique_ptr<LcpSolver> make_interior_point_solver() { return std::make_unique<InteriorPointSolver>(); }

}  // namespace relcp::lcp
