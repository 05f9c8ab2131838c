#include "dcs/laplace/contour_hyperbolic.hpp"

#include <cmath>
#include <numbers>
#include <string>

#include "core/error.hpp"

namespace relcp::dcs {

HyperbolicContourParameters HyperbolicContourParameters::wu_chen(int half_nodes) {
  const double root = std::sqrt(static_cast<double>(half_nodes));
  return {half_nodes, root / 4.0, 0.794, half_nodes > 0 ? 2.0603 / root : 0.0};
}

HyperbolicContourParameters HyperbolicContourParameters::weideman_trefethen(int half_nodes) {
  const double count = static_cast<double>(half_nodes);
  return {half_nodes, 4.4921 * count, 1.1721, half_nodes > 0 ? 1.0818 / count : 0.0};
}

double HyperbolicContourParameters::admissible_sector_angle() const { return std::numbers::pi / 2.0 - gamma; }

void HyperbolicContourParameters::validate() const {
  if (half_nodes < 1 || half_nodes > 100000) {
    throw InputError("contour_half_nodes",
                     "contour_half_nodes (P) must be in [1, 100000], got " + std::to_string(half_nodes));
  }
  if (!std::isfinite(mu) || !(mu > 0.0)) throw InputError("mu", "the contour width mu must be positive");
  if (!std::isfinite(gamma) || !(gamma > 0.0) || !(gamma < std::numbers::pi / 2.0)) {
    throw InputError("gamma", "the contour angle gamma must lie in (0, pi/2)");
  }
  if (!std::isfinite(step) || !(step > 0.0)) throw InputError("step", "the quadrature step must be positive");
}

HyperbolicContour::HyperbolicContour(const HyperbolicContourParameters& parameters) : parameters_(parameters) {
  parameters_.validate();
  const auto count = static_cast<std::size_t>(parameters_.half_nodes) + 1;
  nodes_.resize(count);
  derivatives_.resize(count);
  const double sin_gamma = std::sin(parameters_.gamma);
  const double cos_gamma = std::cos(parameters_.gamma);
  for (std::size_t p = 0; p < count; ++p) {
    const double v = static_cast<double>(p) * parameters_.step;
    // Real and imaginary parts written out: sin(iv - gamma) = -sin(gamma) cosh(v) + i cos(gamma) sinh(v).
    nodes_[p] = parameters_.mu * Complex(1.0 - sin_gamma * std::cosh(v), cos_gamma * std::sinh(v));
    derivatives_[p] = parameters_.mu * Complex(-sin_gamma * std::sinh(v), cos_gamma * std::cosh(v));
  }
}

Complex HyperbolicContour::half_sum_weight(int p, double t) const {
  const double scale = parameters_.step / std::numbers::pi / t;
  return (p == 0 ? 0.5 * scale : scale) * derivative(p);
}

double HyperbolicContour::invert(const std::function<Complex(Complex)>& transform, double t) const {
  double sum = 0.0;
  for (int p = 0; p <= half_nodes(); ++p) {
    const Complex z = node(p, t);
    sum += (half_sum_weight(p, t) * std::exp(z * t) * transform(z)).imag();
  }
  return sum;
}

double HyperbolicContour::theta_max() const {
  const double sin_gamma = std::sin(parameters_.gamma);
  return (2.0 * parameters_.half_nodes + 1.0) * std::exp(parameters_.mu * (1.0 - sin_gamma)) *
         std::sqrt((1.0 + sin_gamma) / (1.0 - sin_gamma));
}

double wu_chen_quadrature_error_scale(int half_nodes) {
  const double root = std::sqrt(static_cast<double>(half_nodes));
  return std::exp(-2.06 * root) / root;
}

}  // namespace relcp::dcs
