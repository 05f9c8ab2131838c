#include "geometry/bracketed_root.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace relcp::geometry {

BracketedRoot find_bracketed_root(const std::function<double(double)>& f, double lo, double f_lo,
                                  double hi, double f_hi, double tolerance, int max_iterations) {
  if (f_lo == 0.0) return {lo, 0, true};
  if (f_hi == 0.0) return {hi, 0, true};
  if (std::signbit(f_lo) == std::signbit(f_hi)) {
    throw std::invalid_argument("find_bracketed_root: the bracket does not change sign");
  }
  constexpr double kEpsilon = std::numeric_limits<double>::epsilon();
  // a is the newest point, [a, b] brackets the root, c is the end point dropped last.
  double a = hi, fa = f_hi;
  double b = lo, fb = f_lo;
  double c = a, fc = fa;
  double t = 0.5;
  for (int iteration = 1; iteration <= max_iterations; ++iteration) {
    const double x_new = a + t * (b - a);
    const double f_new = f(x_new);
    if (std::signbit(f_new) == std::signbit(fa)) {
      c = a;
      fc = fa;
    } else {
      c = b;
      fc = fb;
      b = a;
      fb = fa;
    }
    a = x_new;
    fa = f_new;

    const bool a_is_better = std::abs(fa) < std::abs(fb);
    const double x_best = a_is_better ? a : b;
    if ((a_is_better ? fa : fb) == 0.0) return {x_best, iteration, true};
    const double tolerance_here = 2.0 * kEpsilon * std::abs(x_best) + 0.5 * tolerance;
    const double t_limit = tolerance_here / std::abs(b - c);
    if (t_limit > 0.5) return {x_best, iteration, true};

    // Inverse quadratic interpolation through (a, b, c) only where the three values are
    // monotone enough for it to stay inside the bracket.
    const double xi = (a - b) / (c - b);
    const double phi = (fa - fb) / (fc - fb);
    if (phi * phi < xi && (1.0 - phi) * (1.0 - phi) < 1.0 - xi) {
      t = fa / (fb - fa) * fc / (fb - fc) + (c - a) / (b - a) * fa / (fc - fa) * fb / (fc - fb);
    } else {
      t = 0.5;
    }
    t = std::clamp(t, t_limit, 1.0 - t_limit);
  }
  return {std::abs(fa) < std::abs(fb) ? a : b, max_iterations, false};
}

}  // namespace relcp::geometry
