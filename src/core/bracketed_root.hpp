#pragma once
// Root of a scalar function inside a sign-changing bracket: Brent's method (Brent 1973,
// "Algorithms for minimization without derivatives", ch. 4), i.e. inverse quadratic
// interpolation and secant steps safeguarded by bisection. It never leaves the bracket, so it
// also converges to a jump in sign, such as the slope at a kink or a switching function.

#include <functional>
#include <limits>

namespace relcp {

struct BracketedRootOptions {
  double tolerance = 0.0;  // absolute width in x of the final bracket (plus a few ulps of x)
  int max_evaluations = std::numeric_limits<int>::max();
};

// The final bracket [x, other_end] (either order). Its ends lie on the two sides of the split
// f > 0 / f <= 0, unless x is an exact zero of f given as an end of the initial bracket.
struct BracketedRoot {
  double x = 0.0;  // best estimate: an exact zero of f, or the end with the smaller |f|
  double f_x = 0.0;
  double other_end = 0.0;
  double f_other_end = 0.0;
  int evaluations = 0;  // of f; the end values passed in are not evaluated again
  bool converged = false;

  // For a bracket given with f > 0 at one end and f <= 0 at the other: the final bracket's end
  // on each side of that split.
  double positive_side() const { return f_x > 0.0 ? x : other_end; }
  double nonpositive_side() const { return f_x > 0.0 ? other_end : x; }
  double value_at_positive_side() const { return f_x > 0.0 ? f_x : f_other_end; }
  double value_at_nonpositive_side() const { return f_x > 0.0 ? f_other_end : f_x; }
};

// f_lo = f(lo) and f_hi = f(hi) must not have the same strict sign (lo may be larger than hi);
// an end where f is exactly zero is returned at once. Stops when the bracket is no wider than
// options.tolerance (plus a few ulps) or f is exactly zero; after options.max_evaluations
// evaluations it returns the best point so far with converged = false.
BracketedRoot find_bracketed_root(const std::function<double(double)>& f, double lo, double f_lo, double hi,
                                  double f_hi, const BracketedRootOptions& options);

}  // namespace relcp
