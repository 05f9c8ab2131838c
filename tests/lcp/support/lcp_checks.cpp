#include "support/lcp_checks.hpp"

#include <algorithm>
#include <cmath>

namespace relcp::lcp::testing {

::testing::AssertionResult IsLcpSolution(const LcpProblem& problem, const Vector& z, double tol) {
  if (z.size() != problem.size()) {
    return ::testing::AssertionFailure() << "z has " << z.size() << " entries, expected " << problem.size();
  }
  const Vector w = problem.w(z);
  for (Index i = 0; i < z.size(); ++i) {
    const double scale = std::max({1.0, std::abs(z[i]), std::abs(w[i])});
    if (!std::isfinite(z[i]) || z[i] < -tol || w[i] < -tol || std::abs(z[i] * w[i]) > tol * scale) {
      return ::testing::AssertionFailure() << "entry " << i << ": z = " << z[i] << ", w = " << w[i];
    }
  }
  return ::testing::AssertionSuccess();
}

}  // namespace relcp::lcp::testing
