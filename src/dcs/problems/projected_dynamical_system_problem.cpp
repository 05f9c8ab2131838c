#include "dcs/problems/projected_dynamical_system_problem.hpp"

#include <cmath>
#include <memory>
#include <numbers>

#include "core/error.hpp"

namespace relcp::dcs {
namespace {

// Gradients of the aggregate quantities with respect to x = (x11, x12, x21, x22).
const Eigen::RowVector4d kSupply1{1, 1, 0, 0};  // theta_1
const Eigen::RowVector4d kSupply2{0, 0, 1, 1};  // theta_2
const Eigen::RowVector4d kDemand1{1, 0, 1, 0};  // d_1
const Eigen::RowVector4d kDemand2{0, 1, 0, 1};  // d_2

}  // namespace

ProjectedDynamicalSystem make_spatial_price_equilibrium(const SpatialPriceOptions& options) {
  if (!(options.x_max > 0.0)) throw InputError("x_max", "x_max must be positive");
  const int c22_index = options.c22_as_printed ? 1 : 3;
  ProjectedDynamicalSystem system;
  system.name = "pds";
  system.lower = Vector::Zero(4);
  system.upper = Vector::Constant(4, options.x_max);
  system.x0 = Vector{{0.0, 0.5, 1.5, 0.0}};
  system.F = [c22_index](double t, const Vector& x) -> Vector {
    const double theta1 = x[0] + x[1], theta2 = x[2] + x[3];
    const double d1 = x[0] + x[2], d2 = x[1] + x[3];
    const double gamma1 = 5.0 * theta1 + theta2 + 2.0;
    const double gamma2 = 2.0 * theta2 + 1.5 * theta1 + 1.5;
    const double alpha1 = -2.0 * (1.0 + 0.25 * std::sin(2.0 * std::numbers::pi * t)) * d1 - 1.5 * d2 + 28.75;
    const double alpha2 = -4.0 * (1.0 + 0.47 * std::cos(std::numbers::pi * t)) * d2 - d1 + 41.0;
    const double z = x[c22_index];
    const Vector cost{{0.01 * x[0] * x[0] + 0.5 * x[0],
                       0.02 * x[1] * x[1] + 2.0 * x[1] + 7.0 * std::abs(std::cos(std::numbers::pi * t)),
                       0.03 * x[2] * x[2] + 3.0 * x[2] + 16.25, 0.02 * z * z + 2.0 * z + 11.5}};
    return Vector{{alpha1 - gamma1, alpha2 - gamma1, alpha1 - gamma2, alpha2 - gamma2}} - cost;
  };
  system.F_x = [c22_index](double t, const Vector& x) -> DenseMatrix {
    const Eigen::RowVector4d gamma1 = 5.0 * kSupply1 + kSupply2;
    const Eigen::RowVector4d gamma2 = 2.0 * kSupply2 + 1.5 * kSupply1;
    const Eigen::RowVector4d alpha1 =
        -2.0 * (1.0 + 0.25 * std::sin(2.0 * std::numbers::pi * t)) * kDemand1 - 1.5 * kDemand2;
    const Eigen::RowVector4d alpha2 = -4.0 * (1.0 + 0.47 * std::cos(std::numbers::pi * t)) * kDemand2 - kDemand1;
    DenseMatrix jacobian(4, 4);
    jacobian.row(0) = alpha1 - gamma1;
    jacobian.row(1) = alpha2 - gamma1;
    jacobian.row(2) = alpha1 - gamma2;
    jacobian.row(3) = alpha2 - gamma2;
    jacobian(0, 0) -= 0.02 * x[0] + 0.5;
    jacobian(1, 1) -= 0.04 * x[1] + 2.0;
    jacobian(2, 2) -= 0.06 * x[2] + 3.0;
    jacobian(3, c22_index) -= 0.04 * x[c22_index] + 2.0;
    return jacobian;
  };
  return system;
}

DncpProblem as_dncp(const ProjectedDynamicalSystem& system) {
  const Eigen::Index m = system.x0.size();
  auto data = std::make_shared<const ProjectedDynamicalSystem>(system);
  DncpProblem problem;
  problem.name = system.name;
  problem.x0 = system.x0;
  problem.N.resize(2 * m, m);
  problem.N << DenseMatrix::Identity(m, m), -DenseMatrix::Identity(m, m);
  problem.M = DenseMatrix::Zero(2 * m, 2 * m);
  Vector offset(2 * m);
  offset << -system.lower, system.upper;
  problem.g = [offset](double) { return offset; };
  problem.F = [data, m](double t, const Vector& x, const Vector& y) -> Vector {
    return data->F(t, x) + y.head(m) - y.tail(m);
  };
  problem.F_x = [data](double t, const Vector& x, const Vector&) -> DenseMatrix { return data->F_x(t, x); };
  problem.F_y = [m](double, const Vector&, const Vector&) -> DenseMatrix {
    DenseMatrix jacobian(m, 2 * m);
    jacobian << DenseMatrix::Identity(m, m), -DenseMatrix::Identity(m, m);
    return jacobian;
  };
  validate(problem);
  return problem;
}

Vector project_onto_box(const ProjectedDynamicalSystem& system, const Vector& x) {
  return x.cwiseMax(system.lower).cwiseMin(system.upper);
}

}  // namespace relcp::dcs
