#pragma once
// The semi-affine dynamic nonlinear complementarity problem ([GS] (1.2)):
//   x' = F(t, x, y),   0 <= y  perp  N x + M y + g(t) >= 0,   x(0) = x0,
// with a nonlinear right-hand side F given as C++ callables with its partial Jacobians (used by
// the Newton solves of the ODE step and of the coupled backward-Euler step). Small problems only:
// N and M are dense.

#include <functional>
#include <string>

#include "dcs/problems/dlcp_problem.hpp"
#include "dcs/types.hpp"

namespace relcp::dcs {

using RightHandSide = std::function<Vector(double t, const Vector& x, const Vector& y)>;
using RightHandSideJacobian = std::function<DenseMatrix(double t, const Vector& x, const Vector& y)>;

struct DncpProblem {
  std::string name;
  RightHandSide F;            // R x R^m x R^n -> R^m
  RightHandSideJacobian F_x;  // dF/dx, m x m
  RightHandSideJacobian F_y;  // dF/dy, m x n
  DenseMatrix N;              // n x m
  DenseMatrix M;              // n x n
  TimeFunction g;             // R -> R^n; empty means g = 0
  Vector x0;                  // m

  Eigen::Index state_size() const { return x0.size(); }
  Eigen::Index constraint_size() const { return M.rows(); }
  Vector offset(double t) const;
};

// Throws InputError when sizes disagree (F, F_x and F_y are evaluated once at t = 0, x0, y = 0).
void validate(const DncpProblem& problem);

// The DLCP as a DNCP with F = A x + B y + f(t) (dense copies of A, B and N).
DncpProblem as_dncp(const DlcpProblem& problem);

}  // namespace relcp::dcs
