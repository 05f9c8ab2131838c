#include "dcs/problems/rectifier_problem.hpp"

#include <cmath>
#include <numbers>

#include "core/error.hpp"

namespace relcp::dcs {
namespace {

DenseMatrix diode_matrix() {
  DenseMatrix M(4, 4);
  M << 0.0, -1.0, 0.0, 0.0,  //
      1.0, 0.0, 1.0, -1.0,   //
      0.0, -1.0, 0.0, 0.0,   //
      0.0, 1.0, 0.0, 0.0;
  return M;
}

}  // namespace

double rectifier_source(double t) { return 10.0 * std::sin(18.0 * std::numbers::pi * t + 2.0) - 0.5; }

double schottky_current(double voltage) { return std::exp(voltage / 50.0) - 1.0; }

std::vector<double> rectifier_collocation_capacitances() {
  const double xi1 = std::sqrt(0.6);
  const double xi2 = std::sqrt(3.0);
  auto capacitance = [](double a, double b) { return 1.8 + a / (1.0 + b * b); };
  return {capacitance(0, 0),   capacitance(xi1, 0),  capacitance(-xi1, 0),
          capacitance(0, xi2), capacitance(0, -xi2), capacitance(xi1, xi2)};
}

DncpProblem make_rectifier_problem(const std::vector<double>& capacitances) {
  if (capacitances.empty()) throw InputError("capacitances", "at least one capacitance is needed");
  for (double c : capacitances) {
    if (!(c > 0.0) || !std::isfinite(c)) throw InputError("capacitances", "capacitances must be positive");
  }
  const Eigen::Index q = static_cast<Eigen::Index>(capacitances.size());
  const Vector C = Eigen::Map<const Vector>(capacitances.data(), q);
  DncpProblem problem;
  problem.name = "rectifier";
  problem.x0 = Vector::Zero(q);
  problem.N = DenseMatrix::Zero(4 * q, q);
  problem.M = DenseMatrix::Zero(4 * q, 4 * q);
  const DenseMatrix block = diode_matrix();
  for (Eigen::Index i = 0; i < q; ++i) {
    problem.N(4 * i, i) = 1.0;
    problem.N(4 * i + 2, i) = 1.0;
    problem.M.block(4 * i, 4 * i, 4, 4) = block;
  }
  problem.F = [C](double t, const Vector& x, const Vector& y) -> Vector {
    Vector rate(x.size());
    for (Eigen::Index i = 0; i < x.size(); ++i) {
      rate[i] = (-schottky_current(x[i]) + y[4 * i] + y[4 * i + 2] + rectifier_source(t)) / C[i];
    }
    return rate;
  };
  problem.F_x = [C](double, const Vector& x, const Vector&) -> DenseMatrix {
    DenseMatrix jacobian = DenseMatrix::Zero(x.size(), x.size());
    for (Eigen::Index i = 0; i < x.size(); ++i) jacobian(i, i) = -std::exp(x[i] / 50.0) / 50.0 / C[i];
    return jacobian;
  };
  problem.F_y = [C](double, const Vector& x, const Vector& y) -> DenseMatrix {
    DenseMatrix jacobian = DenseMatrix::Zero(x.size(), y.size());
    for (Eigen::Index i = 0; i < x.size(); ++i) {
      jacobian(i, 4 * i) = 1.0 / C[i];
      jacobian(i, 4 * i + 2) = 1.0 / C[i];
    }
    return jacobian;
  };
  validate(problem);
  return problem;
}

}  // namespace relcp::dcs
