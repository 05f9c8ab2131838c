#pragma once
// The differential linear complementarity problem (DLCP, [PL] (1.1), [GS] (1.3)):
//   x' = A x + B y + f(t),   0 <= y  perp  N x + M y + g(t) >= 0,   x(0) = x0,
// with x in R^m (state) and y in R^n (complementarity variable). A, B and N are sparse so that
// discretized PDEs (the Signorini problem on fine grids) fit; M is dense (n is small).

#include <Eigen/SparseCore>
#include <functional>
#include <string>

#include "dcs/types.hpp"

namespace relcp::dcs {

using RowSparseMatrix = Eigen::SparseMatrix<double, Eigen::RowMajor>;

// A vector-valued function of time. Called serially (it may wrap muParser expressions).
using TimeFunction = std::function<Vector(double t)>;

struct DlcpProblem {
  std::string name;
  RowSparseMatrix A;  // m x m
  RowSparseMatrix B;  // m x n
  RowSparseMatrix N;  // n x m
  DenseMatrix M;      // n x n
  TimeFunction f;     // R -> R^m; empty means f = 0
  TimeFunction g;     // R -> R^n; empty means g = 0
  Vector x0;          // m

  Eigen::Index state_size() const { return A.rows(); }
  Eigen::Index constraint_size() const { return M.rows(); }
  Vector source(double t) const;  // f(t), checked for size
  Vector offset(double t) const;  // g(t), checked for size
};

// Throws InputError (key: the offending part, "A", "B", "N", "M", "x0", "f" or "g") when the
// dimensions do not fit together or an entry is not finite.
void validate(const DlcpProblem& problem);

RowSparseMatrix to_sparse(const DenseMatrix& dense);

}  // namespace relcp::dcs
