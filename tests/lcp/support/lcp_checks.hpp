#pragma once
// Assertions shared by the LCP tests.

#include <gtest/gtest.h>

#include "lcp/problem.hpp"
#include "lcp/types.hpp"

namespace relcp::lcp::testing {

// z >= -tol, w = Mz + q >= -tol and |z_i w_i| <= tol * max(1, |z_i|, |w_i|): a checked solution.
::testing::AssertionResult IsLcpSolution(const LcpProblem& problem, const Vector& z, double tol);

}  // namespace relcp::lcp::testing
