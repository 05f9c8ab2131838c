#include <gtest/gtest.h>

#include <cmath>

#include "dcs/switching/dormand_prince.hpp"
#include "dcs/switching/step_size_controller.hpp"

namespace relcp::dcs {
namespace {

// y' = -y + sin t, y(0) = 1: y(t) = 1.5 e^-t + (sin t - cos t) / 2.
void forced_decay(double t, const Vector& y, Vector& ydot) { ydot = -y.array() + std::sin(t); }
double forced_decay_exact(double t) { return 1.5 * std::exp(-t) + 0.5 * (std::sin(t) - std::cos(t)); }

Vector start_derivative(double t, const Vector& y) {
  Vector ydot(y.size());
  forced_decay(t, y, ydot);
  return ydot;
}

// Global error at t = 1 with n fixed steps.
double fixed_step_error(int n) {
  const double h = 1.0 / n;
  Vector y = Vector::Constant(1, 1.0);
  for (int i = 0; i < n; ++i) {
    const DormandPrinceStep step(forced_decay, i * h, y, start_derivative(i * h, y), h);
    y = step.end_state();
  }
  return std::abs(y[0] - forced_decay_exact(1.0));
}

TEST(DormandPrince, GlobalErrorIsFifthOrder) {
  const double coarse = fixed_step_error(10);
  const double fine = fixed_step_error(20);
  EXPECT_NEAR(std::log2(coarse / fine), 5.0, 0.3);
}

TEST(DormandPrince, ErrorEstimateIsFifthOrderLocally) {
  const Vector y0 = Vector::Constant(1, 1.0);
  const auto estimate = [&](double h) {
    return std::abs(DormandPrinceStep(forced_decay, 0.0, y0, start_derivative(0.0, y0), h).error_estimate()[0]);
  };
  EXPECT_NEAR(std::log2(estimate(0.1) / estimate(0.05)), 5.0, 0.3);
}

TEST(DormandPrince, DenseOutputHitsEndpointsAndIsFourthOrder) {
  const Vector y0 = Vector::Constant(1, 1.0);
  const auto midpoint_error = [&](double h) {
    const DormandPrinceStep step(forced_decay, 0.0, y0, start_derivative(0.0, y0), h);
    EXPECT_DOUBLE_EQ(step.state_at(0.0)[0], 1.0);
    EXPECT_DOUBLE_EQ(step.state_at(h)[0], step.end_state()[0]);
    return std::abs(step.state_at(0.3 * h)[0] - forced_decay_exact(0.3 * h));
  };
  // Local interpolation error O(h^5): a cubic Hermite interpolant would only give O(h^4).
  EXPECT_NEAR(std::log2(midpoint_error(0.2) / midpoint_error(0.1)), 5.0, 0.4);
}

TEST(DormandPrince, EndDerivativeIsTheRightHandSideAtTheEnd) {
  const Vector y0 = Vector::Constant(1, 1.0);
  const DormandPrinceStep step(forced_decay, 0.5, y0, start_derivative(0.5, y0), 0.1);
  EXPECT_DOUBLE_EQ(step.end_derivative()[0], start_derivative(0.6, step.end_state())[0]);
  EXPECT_DOUBLE_EQ(step.end_time(), 0.6);
}

TEST(StepSizeController, AcceptsOnErrorPerUnitStepAndAdaptsToTheBound) {
  const StepSizeController controller(1e-6);
  EXPECT_LE(controller.error_ratio(0.9e-8, 1e-2), 1.0);
  EXPECT_GT(controller.error_ratio(1.1e-8, 1e-2), 1.0);
  // With err = C h^5 the proposed step brings err/h to about 0.9^4 of the tolerance.
  const double c = 1.0;
  const double h = 0.05;
  const double next = controller.next_step(h, controller.error_ratio(c * std::pow(h, 5), h), true);
  EXPECT_NEAR(c * std::pow(next, 4) / 1e-6, std::pow(0.9, 4), 1e-9);
}

TEST(StepSizeController, NeverGrowsAfterARejectionAndLimitsTheChange) {
  const StepSizeController controller(1e-6);
  EXPECT_LE(controller.next_step(0.1, 1.01, false), 0.1);
  EXPECT_DOUBLE_EQ(controller.next_step(0.1, 1e12, false), 0.02);
  EXPECT_DOUBLE_EQ(controller.next_step(0.1, 0.0, true), 0.5);
}

}  // namespace
}  // namespace relcp::dcs
