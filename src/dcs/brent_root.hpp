#pragma once
// Brent's root finder (Brent 1973, "Algorithms for minimization without derivatives", ch. 4):
// inverse quadratic interpolation and secant steps safeguarded by bisection.

#include <functional>

namespace relcp::dcs {

// A bracket of a sign change no wider than the tolerance: g(positive_side) > 0 >= g(nonpositive_side).
struct RootBracket {
  double positive_side;
  double nonpositive_side;
  double value_at_positive_side;
  double value_at_nonpositive_side;
  int evaluations = 0;
};

// g(a) > 0 and g(b) <= 0 are required (a may be larger than b); g(a) and g(b) are passed in,
// not evaluated again. Returns a bracket with |positive_side - nonpositive_side| <= tolerance
// (plus a few ulps of the abscissa), or one whose nonpositive side is an exact zero of g.
RootBracket brent_root(const std::function<double(double)>& g, double a, double ga, double b,
                       double gb, double tolerance);

}  // namespace relcp::dcs
