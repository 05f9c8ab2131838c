// The spatial price equilibrium PDS of [GS] 4.2 (data (4.15)) and its DNCP form.

#include <gtest/gtest.h>

#include <cmath>

#include "dcs/problems/projected_dynamical_system_problem.hpp"
#include "dcs/waveform/gauss_seidel_waveform_projected.hpp"
#include "dcs/waveform/implicit_euler_dncp.hpp"

namespace relcp::dcs {
namespace {

TEST(SpatialPriceEquilibrium, ExcessPricesMatchTheDigestSanityValues) {
  const Vector x{{0.0, 0.5, 1.5, 0.0}};
  const Vector intended = make_spatial_price_equilibrium({}).F(0.0, x);
  EXPECT_NEAR(intended[0], 19.0, 1e-12);
  EXPECT_NEAR(intended[1], 22.555, 1e-12);
  EXPECT_NEAR(intended[2], -1.0675, 1e-12);
  EXPECT_NEAR(intended[3], 19.81, 1e-12);
  SpatialPriceOptions printed;
  printed.c22_as_printed = true;
  EXPECT_NEAR(make_spatial_price_equilibrium(printed).F(0.0, x)[3], 18.805, 1e-12);
}

TEST(SpatialPriceEquilibrium, JacobianMatchesFiniteDifferences) {
  for (bool as_printed : {false, true}) {
    SpatialPriceOptions options;
    options.c22_as_printed = as_printed;
    const ProjectedDynamicalSystem system = make_spatial_price_equilibrium(options);
    const Vector x{{0.3, 1.1, 0.7, 1.4}};
    const double t = 0.37;
    const DenseMatrix jacobian = system.F_x(t, x);
    for (int k = 0; k < 4; ++k) {
      Vector step = Vector::Zero(4);
      step[k] = 1e-6;
      const Vector difference = (system.F(t, x + step) - system.F(t, x - step)) / 2e-6;
      EXPECT_LE((jacobian.col(k) - difference).lpNorm<Eigen::Infinity>(), 1e-7) << "column " << k;
    }
  }
}

TEST(SpatialPriceEquilibrium, BackwardEulerStaysInTheBoxWithFewNewtonStepsPerPoint) {
  const ProjectedDynamicalSystem system = make_spatial_price_equilibrium({});
  CoupledEulerOptions options;
  options.selection = LcpSelection::least_element;
  const CoupledEulerResult run =
      solve_coupled_backward_euler(as_dncp(system), make_time_grid(2.0, std::ldexp(1.0, -9)), options);
  ASSERT_TRUE(run.report.completed);
  EXPECT_GE(run.trajectory.X.minCoeff(), -1e-10);
  EXPECT_LE(run.trajectory.X.maxCoeff(), 1.9 + 1e-10);
  for (int iterations : run.report.step_iterations) EXPECT_LE(iterations, 10);
}

TEST(SpatialPriceEquilibrium, ProjectedIterationNeedsFewerSweepsAtTheSmallerStep) {
  // [GS] Fig 4.6: at h = 2^-8 the iteration needs more sweeps per point than at 2^-9.
  const ProjectedDynamicalSystem system = make_spatial_price_equilibrium({});
  double mean[2];
  for (int i = 0; i < 2; ++i) {
    WaveformOptions options;
    options.window = 1;
    options.tolerance = 1e-10;
    const WaveformResult run = solve_projected_waveform(system, make_time_grid(1.0, std::ldexp(1.0, -8 - i)), options);
    ASSERT_TRUE(run.report.converged);
    mean[i] = 0.0;
    for (int k : run.report.window_iterations) mean[i] += k;
    mean[i] /= static_cast<double>(run.report.window_iterations.size());
  }
  EXPECT_LT(mean[1], mean[0]);
}

}  // namespace
}  // namespace relcp::dcs
