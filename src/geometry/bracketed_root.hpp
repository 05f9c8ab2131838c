#pragma once
// Root of a continuous scalar function inside a sign-changing bracket: Chandrupatla's method
// (inverse quadratic interpolation where it is safe, bisection otherwise), so it never leaves the
// bracket and also converges to a jump in sign, such as the slope at a kink.

#include <functional>

namespace relcp::geometry {

struct BracketedRoot {
  double x = 0.0;
  int iterations = 0;  // evaluations of the function
  bool converged = false;
};

// f_lo = f(lo) and f_hi = f(hi) must not have the same strict sign. Stops when the root is
// located within `tolerance` (absolute in x) or f is exactly zero; after `max_iterations`
// evaluations it returns the best point with converged = false.
BracketedRoot find_bracketed_root(const std::function<double(double)>& f, double lo, double f_lo,
                                  double hi, double f_hi, double tolerance, int max_iterations);

}  // namespace relcp::geometry
