#include "lcp/matrix_symmetry.hpp"

#include <cmath>

namespace relcp::lcp {

bool is_symmetric(const LcpProblem& problem, double relative_tolerance) {
  if (problem.size() == 0) return true;
  if (problem.is_sparse()) {
    const SparseMatrix& M = problem.sparse();
    const double scale = M.coeffs().size() > 0 ? M.coeffs().cwiseAbs().maxCoeff() : 0.0;
    const SparseMatrix transposed = M.transpose();
    const SparseMatrix difference = M - transposed;
    if (difference.nonZeros() == 0) return true;
    return difference.coeffs().cwiseAbs().maxCoeff() <= relative_tolerance * scale;
  }
  const DenseMatrix& M = problem.dense();
  const double tolerance = relative_tolerance * M.cwiseAbs().maxCoeff();
  for (Index j = 0; j < M.cols(); ++j) {  // no n x n temporary
    for (Index i = j + 1; i < M.rows(); ++i) {
      if (!(std::abs(M(i, j) - M(j, i)) <= tolerance)) return false;
    }
  }
  return true;
}

}  // namespace relcp::lcp
