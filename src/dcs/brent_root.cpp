#include "dcs/brent_root.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

namespace relcp::dcs {

RootBracket brent_root(const std::function<double(double)>& g, double a, double ga, double b,
                       double gb, double tolerance) {
  if (!(ga > 0.0 && gb <= 0.0)) {
    throw std::invalid_argument("brent_root: need g(a) > 0 >= g(b)");
  }
  constexpr double kEps = std::numeric_limits<double>::epsilon();
  RootBracket bracket{a, b, ga, gb, 0};
  if (gb == 0.0) return bracket;

  // b: best estimate; c: contrapoint (g(b), g(c) of opposite signs); a: previous b.
  double c = a, gc = ga;
  double step = b - a, previous_step = step;
  while (true) {
    if ((gb > 0.0) == (gc > 0.0)) {
      c = a;
      gc = ga;
      step = previous_step = b - a;
    }
    if (std::abs(gc) < std::abs(gb)) {
      a = b;
      b = c;
      c = a;
      ga = gb;
      gb = gc;
      gc = ga;
    }
    const double accuracy = 2.0 * kEps * std::abs(b) + 0.5 * tolerance;
    const double half_width = 0.5 * (c - b);
    if (std::abs(half_width) <= accuracy || gb == 0.0) break;

    if (std::abs(previous_step) >= accuracy && std::abs(ga) > std::abs(gb)) {
      double p, q;
      const double s = gb / ga;
      if (a == c) {  // secant
        p = 2.0 * half_width * s;
        q = 1.0 - s;
      } else {  // inverse quadratic interpolation
        const double qa = ga / gc;
        const double r = gb / gc;
        p = s * (2.0 * half_width * qa * (qa - r) - (b - a) * (r - 1.0));
        q = (qa - 1.0) * (r - 1.0) * (s - 1.0);
      }
      if (p > 0.0) q = -q; else p = -p;
      if (2.0 * p < std::min(3.0 * half_width * q - std::abs(accuracy * q),
                             std::abs(previous_step * q))) {
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
    ga = gb;
    b += std::abs(step) > accuracy ? step : std::copysign(accuracy, half_width);
    gb = g(b);
    ++bracket.evaluations;
  }

  // Here g(b) and g(c) have opposite signs, or g(b) == 0.
  if (gb > 0.0) {
    bracket.positive_side = b;
    bracket.value_at_positive_side = gb;
    bracket.nonpositive_side = c;
    bracket.value_at_nonpositive_side = gc;
  } else {
    bracket.positive_side = c;
    bracket.value_at_positive_side = gc;
    bracket.nonpositive_side = b;
    bracket.value_at_nonpositive_side = gb;
  }
  return bracket;
}

}  // namespace relcp::dcs
