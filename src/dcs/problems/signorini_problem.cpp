#include "dcs/problems/signorini_problem.hpp"

#include <cmath>
#include <memory>
#include <numbers>
#include <vector>

#include "core/error.hpp"

namespace relcp::dcs {
namespace {

using Triplet = Eigen::Triplet<double>;

RowSparseMatrix from_triplets(Eigen::Index rows, Eigen::Index cols, const std::vector<Triplet>& entries) {
  RowSparseMatrix matrix(rows, cols);
  matrix.setFromTriplets(entries.begin(), entries.end());
  matrix.makeCompressed();
  return matrix;
}

}  // namespace

double signorini_obstacle(double x2, double t) {
  return std::abs(x2 - 0.5) >= 0.25 ? 4.0 / (1.0 + t) : std::sin(2.0 * std::numbers::pi * t);
}

double signorini_initial_value(double x1, double x2) { return 2.0 * x1 * x2 * (1.0 - x1) * (1.0 - x2); }

SignoriniProblem make_signorini_problem(const SignoriniParameters& parameters) {
  const double inverse = 1.0 / parameters.dx;
  if (!(parameters.dx > 0.0) || std::abs(inverse - std::round(inverse)) > 1e-9 * inverse || std::round(inverse) < 3.0) {
    throw InputError("dx", "1/dx must be an integer >= 3 (dx = 0.025, 1/64, ...)");
  }
  if (!(parameters.c > 0.0) || !std::isfinite(parameters.c)) throw InputError("c", "c must be positive");
  const int Q = static_cast<int>(std::round(inverse)) - 1;
  const double dx = 1.0 / (Q + 1);
  const double c = parameters.c;
  const double coupling = c / (dx * dx);
  if (!std::isfinite(4.0 * coupling)) {
    throw InputError("c", "c / dx^2 = " + std::to_string(coupling) + " makes the Laplacian's entries overflow");
  }
  const Eigen::Index m = static_cast<Eigen::Index>(Q) * Q;
  auto index = [Q](int i1, int i2) { return static_cast<Eigen::Index>(i2) * Q + i1; };

  std::vector<Triplet> a, b, n;
  for (int i2 = 0; i2 < Q; ++i2) {
    for (int i1 = 0; i1 < Q; ++i1) {
      const Eigen::Index row = index(i1, i2);
      a.emplace_back(row, row, -4.0 * coupling);
      if (i1 > 0) a.emplace_back(row, index(i1 - 1, i2), coupling);
      if (i1 + 1 < Q) a.emplace_back(row, index(i1 + 1, i2), coupling);
      if (i2 > 0) a.emplace_back(row, index(i1, i2 - 1), coupling);
      if (i2 + 1 < Q) a.emplace_back(row, index(i1, i2 + 1), coupling);
    }
    b.emplace_back(index(0, i2), i2, coupling);
    n.emplace_back(i2, index(0, i2), -2.0);
  }

  SignoriniProblem result;
  result.parameters = parameters;
  result.side = Q;
  DlcpProblem& problem = result.dlcp;
  problem.name = "signorini";
  problem.A = from_triplets(m, m, a);
  problem.B = from_triplets(m, Q, b);
  problem.N = from_triplets(Q, m, n);
  problem.M = DenseMatrix::Zero(Q, Q);
  for (int i = 0; i < Q; ++i) {
    problem.M(i, i) = 4.0;
    if (i > 0) problem.M(i, i - 1) = -1.0;
    if (i + 1 < Q) problem.M(i, i + 1) = -1.0;
  }
  auto obstacle = [Q, dx](double t) {
    Vector psi(Q);
    for (int i = 0; i < Q; ++i) psi[i] = signorini_obstacle((i + 1) * dx, t);
    return psi;
  };
  const auto B = std::make_shared<const RowSparseMatrix>(problem.B);
  const auto M = std::make_shared<const DenseMatrix>(problem.M);
  problem.f = [B, obstacle](double t) -> Vector { return *B * obstacle(t); };
  problem.g = [M, obstacle](double t) -> Vector { return *M * obstacle(t); };
  problem.x0.resize(m);
  for (int i2 = 0; i2 < Q; ++i2) {
    for (int i1 = 0; i1 < Q; ++i1) problem.x0[index(i1, i2)] = signorini_initial_value((i1 + 1) * dx, (i2 + 1) * dx);
  }
  return result;
}

}  // namespace relcp::dcs
