#include "lcp/newton/newton_system.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace relcp::lcp {
namespace {

// Reciprocal condition estimates below this mean "numerically singular" for a Newton matrix.
constexpr double kSingularRcond = 1e-14;
constexpr double kStationaryRatio = 1e-10;

}  // namespace

double local_minimum_ratio(const LcpProblem& problem) {
  double largest_row = 0.0;
  if (problem.size() > 0 && !problem.is_sparse()) {
    largest_row = problem.dense().cwiseAbs().rowwise().sum().maxCoeff();
  } else if (problem.size() > 0) {
    const SparseMatrix& M = problem.sparse();
    for (Index i = 0; i < M.outerSize(); ++i) {
      double row = 0.0;
      for (SparseMatrix::InnerIterator it(M, i); it; ++it) row += std::abs(it.value());
      largest_row = std::max(largest_row, row);
    }
  }
  return kStationaryRatio * std::max(1.0, largest_row);
}

double inexact_newton_tolerance(double merit_vector_norm) {
  const double forcing = std::clamp(merit_vector_norm, 1e-10, 0.1);
  return forcing * merit_vector_norm;
}

void DenseNewtonSolve::factorize(const DenseMatrix& K, bool allow_cholesky) {
  if (allow_cholesky) {
    cholesky_.compute(K);
    if (cholesky_.info() == Eigen::Success && cholesky_.rcond() > kSingularRcond) {
      method_ = DenseFactorization::cholesky;
      return;
    }
  }
  lu_.compute(K);
  if (lu_.rcond() > kSingularRcond) {
    method_ = DenseFactorization::lu;
    return;
  }
  least_squares_.compute(K);
  method_ = DenseFactorization::least_squares;
}

void DenseNewtonSolve::solve(const Vector& rhs, Vector& x) const {
  switch (method_) {
    case DenseFactorization::cholesky:
      x = cholesky_.solve(rhs);
      return;
    case DenseFactorization::lu:
      x = lu_.solve(rhs);
      return;
    case DenseFactorization::least_squares:
      x = least_squares_.solve(rhs);
      return;
    case DenseFactorization::none:
      break;
  }
  x.setConstant(rhs.size(), std::numeric_limits<double>::quiet_NaN());
}

}  // namespace relcp::lcp

namespace relcp::lcp {

Vector safe_inverse_diagonal(const Vector& diagonal) {
  Vector inverse(diagonal.size());
  for (Index i = 0; i < diagonal.size(); ++i) {
    inverse[i] = diagonal[i] != 0.0 && std::isfinite(diagonal[i]) ? 1.0 / diagonal[i] : 1.0;
  }
  return inverse;
}

}  // namespace relcp::lcp
