#include "dcs/problems/dlcp_dncp_problem.hpp"

#include <memory>
#include <string>

#include "core/error.hpp"

namespace relcp::dcs {
namespace {

void require(bool condition, const char* key, const std::string& message) {
  if (!condition) throw InputError(key, message);
}

}  // namespace

Vector DncpProblem::offset(double t) const {
  if (!g) return Vector::Zero(constraint_size());
  Vector value = g(t);
  require(value.size() == constraint_size(), "g", "g(t) has the wrong number of components");
  return value;
}

void validate(const DncpProblem& problem) {
  const Eigen::Index m = problem.state_size();
  const Eigen::Index n = problem.constraint_size();
  require(m > 0, "x0", "the state needs at least one component");
  require(n > 0, "M", "the problem needs at least one complementarity pair");
  require(problem.F && problem.F_x && problem.F_y, "F", "F and its Jacobians must all be given");
  require(problem.M.cols() == n, "M", "M must be square");
  require(problem.N.rows() == n && problem.N.cols() == m, "N", "N must be n x m");
  const Vector y = Vector::Zero(n);
  require(problem.F(0.0, problem.x0, y).size() == m, "F", "F must return m components");
  const DenseMatrix F_x = problem.F_x(0.0, problem.x0, y);
  require(F_x.rows() == m && F_x.cols() == m, "F", "dF/dx must be m x m");
  const DenseMatrix F_y = problem.F_y(0.0, problem.x0, y);
  require(F_y.rows() == m && F_y.cols() == n, "F", "dF/dy must be m x n");
  static_cast<void>(problem.offset(0.0));
}

DncpProblem as_dncp(const DlcpProblem& problem) {
  auto data = std::make_shared<const DlcpProblem>(problem);
  DncpProblem dncp;
  dncp.name = problem.name;
  dncp.F = [data](double t, const Vector& x, const Vector& y) -> Vector {
    return data->A * x + data->B * y + data->source(t);
  };
  dncp.F_x = [data](double, const Vector&, const Vector&) -> DenseMatrix { return DenseMatrix(data->A); };
  dncp.F_y = [data](double, const Vector&, const Vector&) -> DenseMatrix { return DenseMatrix(data->B); };
  dncp.N = DenseMatrix(problem.N);
  dncp.M = problem.M;
  dncp.g = problem.g;
  dncp.x0 = problem.x0;
  return dncp;
}

}  // namespace relcp::dcs
