#include "lcp/pivoting/enumeration.hpp"

#include <Eigen/LU>
#include <Eigen/QR>
#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/stopwatch.hpp"
#include "lcp/residual.hpp"
#include "lcp/solver_factories.hpp"

namespace relcp::lcp {
namespace {

// The LCP solution whose z may be positive only on the index set `mask`, or nothing when
// there is none. A singular M_SS contributes the minimum-norm solution of M_SS z_S = -q_S.
std::optional<Vector> solution_on_index_set(const DenseMatrix& M, const Vector& q, std::uint64_t mask, double tol) {
  const Index n = q.size();
  std::vector<Index> support;
  for (Index i = 0; i < n; ++i) {
    if (mask & (std::uint64_t{1} << i)) support.push_back(i);
  }
  const Index k = static_cast<Index>(support.size());
  Vector z = Vector::Zero(n);
  if (k > 0) {
    DenseMatrix block(k, k);
    Vector rhs(k);
    for (Index r = 0; r < k; ++r) {
      rhs[r] = -q[support[static_cast<std::size_t>(r)]];
      for (Index c = 0; c < k; ++c) {
        block(r, c) = M(support[static_cast<std::size_t>(r)], support[static_cast<std::size_t>(c)]);
      }
    }
    const Eigen::FullPivLU<DenseMatrix> lu(block);
    const Vector z_support =
        lu.isInvertible() ? Vector(lu.solve(rhs)) : Vector(block.completeOrthogonalDecomposition().solve(rhs));
    if (!z_support.allFinite() || z_support.minCoeff() < -tol) return std::nullopt;
    for (Index r = 0; r < k; ++r) {
      z[support[static_cast<std::size_t>(r)]] = std::max(z_support[r], 0.0);
    }
  }
  // An inconsistent singular system shows up here as w_S != 0 where z_S > 0, or w_S < 0.
  if (!(natural_residual(z, M * z + q) <= tol)) return std::nullopt;
  return z;
}

bool already_listed(const std::vector<Vector>& solutions, const Vector& z, double tol) {
  return std::any_of(solutions.begin(), solutions.end(), [&](const Vector& listed) {
    const double scale = std::max(1.0, listed.lpNorm<Eigen::Infinity>());
    return (listed - z).lpNorm<Eigen::Infinity>() <= tol * scale;
  });
}

}  // namespace

std::vector<Vector> enumerate_lcp_solutions(const LcpProblem& problem, double tol) {
  const Index n = problem.size();
  if (n > kMaxEnumerationSize) {
    throw InputError("M", "enumeration handles at most " + std::to_string(kMaxEnumerationSize) +
                              " unknowns, the problem has " + std::to_string(n));
  }
  const DenseMatrix& M = problem.dense();
  const Vector& q = problem.q();
  std::vector<Vector> solutions;
  const std::uint64_t index_sets = std::uint64_t{1} << n;
  for (std::uint64_t mask = 0; mask < index_sets; ++mask) {
    std::optional<Vector> z = solution_on_index_set(M, q, mask, tol);
    if (z && !already_listed(solutions, *z, tol)) solutions.push_back(std::move(*z));
  }
  return solutions;
}

SolverResult EnumerationSolver::solve(const LcpProblem& problem, const SolverOptions& options) const {
  const Stopwatch clock;
  SolverResult result;
  const Index n = problem.size();
  result.z = Vector::Zero(n);
  result.residual = std::numeric_limits<double>::infinity();

  if (n > kMaxEnumerationSize) {
    result.status = Status::unsupported;
  } else if (!problem.dense().allFinite() || !problem.q().allFinite()) {
    result.status = Status::numerical_failure;
  } else {
    const std::vector<Vector> solutions = enumerate_lcp_solutions(problem, options.tolerance);
    result.iterations = static_cast<int>(std::uint64_t{1} << n);
    if (solutions.empty()) {
      result.status = Status::infeasible;
      result.residual = natural_residual(problem, result.z);
    } else {
      const auto least_norm =
          std::min_element(solutions.begin(), solutions.end(),
                           [](const Vector& a, const Vector& b) { return a.squaredNorm() < b.squaredNorm(); });
      result.z = *least_norm;
      result.residual = natural_residual(problem, result.z);
      result.status = result.residual <= options.tolerance ? Status::converged : Status::numerical_failure;
    }
  }
  result.seconds = clock.seconds();
  return result;
}

std::unique_ptr<LcpSolver> make_enumeration_solver() { return std::make_unique<EnumerationSolver>(); }

}  // namespace relcp::lcp
