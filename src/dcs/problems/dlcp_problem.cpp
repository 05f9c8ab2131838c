#include "dcs/problems/dlcp_problem.hpp"

#include <string>

#include "core/error.hpp"

namespace relcp::dcs {
namespace {

std::string shape(Eigen::Index rows, Eigen::Index cols) { return std::to_string(rows) + " x " + std::to_string(cols); }

void require_shape(const char* key, Eigen::Index rows, Eigen::Index cols, Eigen::Index want_rows,
                   Eigen::Index want_cols) {
  if (rows != want_rows || cols != want_cols) {
    throw InputError(key,
                     std::string(key) + " is " + shape(rows, cols) + " but must be " + shape(want_rows, want_cols));
  }
}

template <class Matrix>
void require_finite(const char* key, const Matrix& matrix) {
  if (!matrix.allFinite()) throw InputError(key, std::string(key) + " has an entry that is not finite");
}

Vector checked(const TimeFunction& function, double t, Eigen::Index size, const char* key) {
  if (!function) return Vector::Zero(size);
  Vector value = function(t);
  if (value.size() != size) {
    throw InputError(key, std::string(key) + "(t) has " + std::to_string(value.size()) + " components but must have " +
                              std::to_string(size));
  }
  if (!value.allFinite()) {
    throw RunTimeFailure(std::string(key) + "(t) is not finite at t = " + std::to_string(t));
  }
  return value;
}

}  // namespace

Vector DlcpProblem::source(double t) const { return checked(f, t, state_size(), "f"); }
Vector DlcpProblem::offset(double t) const { return checked(g, t, constraint_size(), "g"); }

void validate(const DlcpProblem& problem) {
  const Eigen::Index m = problem.A.rows();
  const Eigen::Index n = problem.M.rows();
  if (m == 0) throw InputError("A", "A is empty: the state needs at least one component");
  if (n == 0) throw InputError("M", "M is empty: the problem needs at least one complementarity pair");
  require_shape("A", problem.A.rows(), problem.A.cols(), m, m);
  require_shape("M", problem.M.rows(), problem.M.cols(), n, n);
  require_shape("B", problem.B.rows(), problem.B.cols(), m, n);
  require_shape("N", problem.N.rows(), problem.N.cols(), n, m);
  if (problem.x0.size() != m) {
    throw InputError(
        "x0", "x0 has " + std::to_string(problem.x0.size()) + " components but the state has " + std::to_string(m));
  }
  require_finite("A", problem.A.coeffs());
  require_finite("B", problem.B.coeffs());
  require_finite("N", problem.N.coeffs());
  require_finite("M", problem.M);
  require_finite("x0", problem.x0);
  static_cast<void>(problem.source(0.0));  // sizes of f and g
  static_cast<void>(problem.offset(0.0));
}

RowSparseMatrix to_sparse(const DenseMatrix& dense) {
  RowSparseMatrix sparse = dense.sparseView(1.0, 0.0);
  sparse.makeCompressed();
  return sparse;
}

}  // namespace relcp::dcs
