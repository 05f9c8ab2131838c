#include "dcs/switching/step_size_controller.hpp"

#include <algorithm>
#include <cmath>

namespace relcp::dcs {
namespace {

constexpr double kSafety = 0.9;
constexpr double kMinFactor = 0.2;
constexpr double kMaxFactor = 5.0;
// err/h = O(h^4) for the embedded fourth-order estimate.
constexpr double kExponent = 1.0 / 4.0;

}  // namespace

double StepSizeController::error_ratio(double error_max_norm, double h) const {
  return error_max_norm / (tolerance_ * h);
}

double StepSizeController::next_step(double h, double error_ratio, bool accepted) const {
  double factor = error_ratio > 0.0 ? kSafety * std::pow(error_ratio, -kExponent) : kMaxFactor;
  factor = std::clamp(factor, kMinFactor, kMaxFactor);
  if (!accepted) factor = std::min(factor, 1.0);
  return h * factor;
}

}  // namespace relcp::dcs
