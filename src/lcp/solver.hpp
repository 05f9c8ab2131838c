#pragma once
// The one interface of the LCP solver suite: every solver takes the same options and returns
// the same result; solvers are created by name at run time (registry.hpp).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "lcp/problem.hpp"
#include "lcp/status.hpp"
#include "lcp/types.hpp"

namespace relcp::lcp {

// Jacobian strategies of Fischer-Newton at points where x_i = y_i = 0 (Erleben 5.5).
enum class FischerJacobian { random, zero, perturbation, approximation };

// How minmap accepts its Newton steps (docs/lcp_newton.md): `none` is Erleben's method (Armijo
// on ||min(z, w)||^2 / 2, ending at the first non-descent direction); `fischer_burmeister`, the
// default (docs/lcp_newton.md, "Defaults"), is the NEWTON_MIN_FBLSA scheme of Siconos (Armijo on
// the Fischer-Burmeister merit, with the merit's gradient direction when the Newton direction
// does not descend).
enum class MinMapGlobalization { none, fischer_burmeister };

enum class SolverFamily { pivoting, splitting, newton, interior_point, gradient, enumeration };

struct SolverOptions {
  double tolerance = 1e-8;        // on the natural residual ||min(z, Mz+q)||_inf
  int max_iterations = 0;         // 0: the solver's own default
  double relative_tolerance = 0;  // > 0: stop (stagnation) when the merit changes less, relatively
  Vector warm_start;              // empty: cold start from the solver's default point
  double relaxation = 1.4;        // psor
  FischerJacobian jacobian = FischerJacobian::perturbation;                            // fischer
  MinMapGlobalization minmap_globalization = MinMapGlobalization::fischer_burmeister;  // minmap
  int direct_solve_limit = 400;  // newton/ip: dense direct solves up to this size, Krylov above
  std::uint64_t seed = 1;        // random choices (FB random strategy, Dantzig tie-breaking)
  bool record_history = true;    // fill SolverResult::merit_history
};

struct SolverResult {
  Status status = Status::numerical_failure;
  int iterations = 0;
  double residual = 0.0;              // ||min(z, Mz+q)||_inf of the returned z
  std::vector<double> merit_history;  // the solver's own merit, one entry per iteration
  double seconds = 0.0;               // solve time only
  Vector z;
};

class LcpSolver {
 public:
  virtual ~LcpSolver() = default;
  virtual std::string_view name() const = 0;
  virtual SolverFamily family() const = 0;
  virtual SolverResult solve(const LcpProblem& problem, const SolverOptions& options) const = 0;
};

}  // namespace relcp::lcp
