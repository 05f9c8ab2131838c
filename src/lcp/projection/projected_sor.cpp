#include "lcp/projection/projected_sor.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>

#include "core/error.hpp"
#include "core/stopwatch.hpp"
#include "lcp/residual.hpp"
#include "lcp/solver_factories.hpp"
#include "lcp/starting_point.hpp"

namespace relcp::lcp {
namespace {

constexpr int kDefaultSweeps = 1000;
constexpr double kStagnationStep = 1e-15;  // relative to max(1, ||z||_inf)

inline double row_residual(const SparseMatrix& M, const Vector& q, Index i, const Vector& z) {
  double sum = q[i];
  for (SparseMatrix::InnerIterator it(M, i); it; ++it) sum += it.value() * z[it.col()];
  return sum;
}

// z^T |w|, Erleben's merit (106) for the splitting methods.
double splitting_merit(const Vector& z, const Vector& w) { return z.dot(w.cwiseAbs()); }

class ProjectedSorSolver final : public LcpSolver {
 public:
  ProjectedSorSolver(std::string_view name, bool fixed_unit_relaxation)
      : name_(name), fixed_unit_relaxation_(fixed_unit_relaxation) {}

  std::string_view name() const override { return name_; }
  SolverFamily family() const override { return SolverFamily::splitting; }

  SolverResult solve(const LcpProblem& problem, const SolverOptions& options) const override {
    const Stopwatch clock;
    const double relaxation = fixed_unit_relaxation_ ? 1.0 : checked_relaxation(options);
    const int limit = iteration_limit(options, kDefaultSweeps);
    SolverResult result;
    result.z = projected_starting_point(problem, options);
    const SparseMatrix& M = problem.sparse();
    const Vector& q = problem.q();
    const Vector diagonal = M.diagonal();
    Vector w = M * result.z + q;

    if (!(diagonal.array() > 0.0).all() || !diagonal.allFinite()) {
      result.status = Status::unsupported;
    } else {
      result.status = iterate(M, q, diagonal, relaxation, limit, options, result, w);
    }
    result.residual = natural_residual(result.z, w);
    result.seconds = clock.seconds();
    return result;
  }

 private:
  static double checked_relaxation(const SolverOptions& options) {
    const double lambda = options.relaxation;
    if (!(lambda > 0.0 && lambda < 2.0)) {
      std::ostringstream message;
      message << "PSOR needs a relaxation parameter in (0, 2), got " << lambda;
      throw InputError("relaxation", message.str());
    }
    return lambda;
  }

  static Status iterate(const SparseMatrix& M, const Vector& q, const Vector& diagonal, double relaxation, int limit,
                        const SolverOptions& options, SolverResult& result, Vector& w) {
    Vector& z = result.z;
    if (natural_residual(z, w) <= options.tolerance) return Status::converged;
    double previous_merit = splitting_merit(z, w);
    while (result.iterations < limit) {
      const double largest_change = projected_sor_sweep(M, q, diagonal, relaxation, z);
      ++result.iterations;
      w.noalias() = M * z;
      w += q;
      const double merit = splitting_merit(z, w);
      if (options.record_history) result.merit_history.push_back(merit);
      if (!std::isfinite(merit)) return Status::numerical_failure;
      if (natural_residual(z, w) <= options.tolerance) return Status::converged;
      if (options.relative_tolerance > 0.0 &&
          std::abs(merit - previous_merit) <= options.relative_tolerance * previous_merit) {
        return Status::stagnation;
      }
      const double scale = std::max(1.0, z.lpNorm<Eigen::Infinity>());
      if (largest_change <= kStagnationStep * scale) return Status::stagnation;
      previous_merit = merit;
    }
    return Status::max_iterations;
  }

  std::string_view name_;
  bool fixed_unit_relaxation_;
};

}  // namespace

double projected_sor_update(const SparseMatrix& M, const Vector& q, double diagonal_i, double relaxation, Index i,
                            Vector& z) {
  const double old_value = z[i];
  const double new_value = std::max(0.0, old_value - relaxation * row_residual(M, q, i, z) / diagonal_i);
  z[i] = new_value;
  return new_value - old_value;
}

double projected_sor_sweep(const SparseMatrix& M, const Vector& q, const Vector& diagonal, double relaxation,
                           Vector& z) {
  double largest_change = 0.0;
  for (Index i = 0; i < z.size(); ++i) {
    const double change = projected_sor_update(M, q, diagonal[i], relaxation, i, z);
    largest_change = std::max(largest_change, std::abs(change));
  }
  return largest_change;
}

std::unique_ptr<LcpSolver> make_pgs_solver() { return std::make_unique<ProjectedSorSolver>("pgs", true); }

std::unique_ptr<LcpSolver> make_psor_solver() { return std::make_unique<ProjectedSorSolver>("psor", false); }

}  // namespace relcp::lcp
