#pragma once
// DLCPs shared by the Laplace tests: the parabolic Signorini problem of [PL] 4.2 on a coarse
// grid, and a small DLCP whose solution is known in closed form.

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "dcs/problems/dlcp_problem.hpp"
#include "dcs/types.hpp"

namespace relcp::dcs::laplace_test {

// ψ(x2, t) of (4.7).
inline double obstacle(double x2, double t) {
  return std::abs(x2 - 0.5) >= 0.25 ? 4.0 / (1.0 + t) : std::sin(2.0 * std::numbers::pi * t);
}

// The DLCP (4.5)-(4.6) with c = 2e-3, f = 0, on the grid dx = 1/(Q+1); unknowns stacked with
// the x1 index fastest.
inline DlcpProblem signorini(int Q) {
  const double dx = 1.0 / (Q + 1);
  const double c = 2e-3;
  const Eigen::Index m = static_cast<Eigen::Index>(Q) * Q;
  std::vector<Eigen::Triplet<double>> a, b, n;
  for (int q = 0; q < Q; ++q) {
    for (int p = 0; p < Q; ++p) {
      const int i = q * Q + p;
      a.emplace_back(i, i, -4.0 * c / (dx * dx));
      if (p > 0) a.emplace_back(i, i - 1, c / (dx * dx));
      if (p + 1 < Q) a.emplace_back(i, i + 1, c / (dx * dx));
      if (q > 0) a.emplace_back(i, i - Q, c / (dx * dx));
      if (q + 1 < Q) a.emplace_back(i, i + Q, c / (dx * dx));
    }
    b.emplace_back(q * Q, q, c / (dx * dx));
    n.emplace_back(q, q * Q, -2.0);
  }
  DlcpProblem problem;
  problem.name = "signorini";
  problem.A.resize(m, m);
  problem.A.setFromTriplets(a.begin(), a.end());
  problem.B.resize(m, Q);
  problem.B.setFromTriplets(b.begin(), b.end());
  problem.N.resize(Q, m);
  problem.N.setFromTriplets(n.begin(), n.end());
  problem.M = DenseMatrix::Zero(Q, Q);
  for (int i = 0; i < Q; ++i) {
    problem.M(i, i) = 4.0;
    if (i > 0) problem.M(i, i - 1) = -1.0;
    if (i + 1 < Q) problem.M(i, i + 1) = -1.0;
  }
  const auto psi = [Q, dx](double t) {
    Vector values(Q);
    for (int q = 0; q < Q; ++q) values[q] = obstacle((q + 1) * dx, t);
    return values;
  };
  const RowSparseMatrix B = problem.B;
  const DenseMatrix M = problem.M;
  problem.f = [B, psi](double t) -> Vector { return B * psi(t); };
  problem.g = [M, psi](double t) -> Vector { return M * psi(t); };
  problem.x0.resize(m);
  for (int q = 0; q < Q; ++q) {
    for (int p = 0; p < Q; ++p) {
      const double x1 = (p + 1) * dx, x2 = (q + 1) * dx;
      problem.x0[q * Q + p] = 2.0 * x1 * x2 * (1.0 - x1) * (1.0 - x2);
    }
  }
  return problem;
}

// x(t) and y(t) chosen first; f and g make them the solution. y has kinks (complementarity
// switches) where sin(2 pi t) and cos(3t) - 0.2 change sign; M is a P-matrix, so y(t) is the
// unique LCP solution at every t.
struct ManufacturedDlcp {
  DenseMatrix A, B, N, M;

  ManufacturedDlcp() : A(2, 2), B(2, 2), N(2, 2), M(2, 2) {
    A << -1.0, 0.5, -0.5, -2.0;
    B << 1.0, 0.0, 0.5, 1.0;
    N << 1.0, 0.2, 0.0, 1.0;
    M << 2.0, -0.5, 0.3, 1.5;
  }
  static Vector x(double t) { return Vector{{std::cos(2.0 * t), std::sin(t) + 0.5}}; }
  static Vector dx(double t) { return Vector{{-2.0 * std::sin(2.0 * t), std::cos(t)}}; }
  static Vector y(double t) {
    return Vector{{std::max(0.0, std::sin(2.0 * std::numbers::pi * t)), std::max(0.0, std::cos(3.0 * t) - 0.2)}};
  }
  static Vector w(double t) {
    return Vector{{std::max(0.0, -std::sin(2.0 * std::numbers::pi * t)), std::max(0.0, 0.2 - std::cos(3.0 * t))}};
  }

  DlcpProblem problem() const {
    DlcpProblem p;
    p.name = "manufactured";
    p.A = to_sparse(A);
    p.B = to_sparse(B);
    p.N = to_sparse(N);
    p.M = M;
    p.f = [A = A, B = B](double t) -> Vector { return dx(t) - A * x(t) - B * y(t); };
    p.g = [N = N, M = M](double t) -> Vector { return w(t) - N * x(t) - M * y(t); };
    p.x0 = x(0.0);
    return p;
  }
};

}  // namespace relcp::dcs::laplace_test
