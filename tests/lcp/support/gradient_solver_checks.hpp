#pragma once
// What the tests of the QP solvers (bbpgd, apgd, mprgp) check on every result, and the options
// and objective they share.

#include <gtest/gtest.h>

#include <cstddef>

#include "lcp/problem.hpp"
#include "lcp/residual.hpp"
#include "lcp/solver.hpp"

namespace relcp::lcp::testing {

inline SolverOptions tight_options() {
  SolverOptions options;
  options.tolerance = 1e-10;
  return options;
}

// What every result must satisfy, converged or not.
inline void expect_consistent_result(const LcpProblem& problem, const SolverOptions& options,
                                     const SolverResult& result) {
  ASSERT_EQ(result.z.size(), problem.size());
  EXPECT_EQ(result.residual, natural_residual(problem, result.z));
  // A refused problem is not solved, whatever its residual; otherwise the residual decides.
  if (result.status != Status::unsupported) {
    EXPECT_EQ(result.status == Status::converged, result.residual <= options.tolerance);
  }
  if (options.record_history) {
    EXPECT_EQ(result.merit_history.size(), static_cast<std::size_t>(result.iterations));
  }
}

// f(z) = z^T M z / 2 + q^T z, evaluated independently of the solver.
inline double qp_objective(const LcpProblem& problem, const Vector& z) {
  return 0.5 * z.dot(problem.multiply(z)) + problem.q().dot(z);
}

}  // namespace relcp::lcp::testing
