#include "core/bracketed_root.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace relcp {

BracketedRoot find_bracketed_root(const std::function<double(double)>& f, double lo, double f_lo, double hi,
                                  double f_hi, const BracketedRootOptions& options) {
  if (f_lo == 0.0) return {lo, f_lo, hi, f_hi, 0, true};
  if (f_hi == 0.0) return {hi, f_hi, lo, f_lo, 0, true};
  if (std::signbit(f_lo) == std::signbit(f_hi)) {
    throw std::invalid_argument("find_bracketed_root: the bracket does not change sign");
  }
  constexpr double kEps = std::numeric_limits<double>::epsilon();
  // b: best estimate; c: contrapoint (f(b) > 0 >= f(c) or the reverse); a: previous b.
  double a = lo, fa = f_lo, b = hi, fb = f_hi;
  if (fb > 0.0) {  // start from the positive end, as Brent's description does
    std::swap(a, b);
    std::swap(fa, fb);
  }
  BracketedRoot root;
  double c = a, fc = fa;
  double step = b - a, previous_step = step;
  while (true) {
    if ((fb > 0.0) == (fc > 0.0)) {
      c = a;
      fc = fa;
      step = previous_step = b - a;
    }
    if (std::abs(fc) < std::abs(fb)) {
      a = b;
      b = c;
      c = a;
      fa = fb;
      fb = fc;
      fc = fa;
    }
    const double accuracy = 2.0 * kEps * std::abs(b) + 0.5 * options.tolerance;
    const double half_width = 0.5 * (c - b);
    if (std::abs(half_width) <= accuracy || fb == 0.0) {
      root.converged = true;
      break;
    }
    if (root.evaluations >= options.max_evaluations) break;

    if (std::abs(previous_step) >= accuracy && std::abs(fa) > std::abs(fb)) {
      double p, q;
      const double s = fb / fa;
      if (a == c) {  // secant
        p = 2.0 * half_width * s;
        q = 1.0 - s;
      } else {  // inverse quadratic interpolation
        const double qa = fa / fc;
        const double r = fb / fc;
        p = s * (2.0 * half_width * qa * (qa - r) - (b - a) * (r - 1.0));
        q = (qa - 1.0) * (r - 1.0) * (s - 1.0);
      }
      if (p > 0.0)
        q = -q;
      else
        p = -p;
      if (2.0 * p < std::min(3.0 * half_width * q - std::abs(accuracy * q), std::abs(previous_step * q))) {
        previous_step = step;
        step = p / q;
      } else {
        step = half_width;
        previous_step = step;
      }
    } else {
      step = half_width;
      previous_step = step;
    }
    a = b;
    fa = fb;
    b += std::abs(step) > accuracy ? step : std::copysign(accuracy, half_width);
    fb = f(b);
    ++root.evaluations;
  }
  // Here f(b) and f(c) lie on the two sides of f > 0 / f <= 0, and |f(b)| <= |f(c)|.
  root.x = b;
  root.f_x = fb;
  root.other_end = c;
  root.f_other_end = fc;
  return root;
}

}  // namespace relcp
