// A downstream user's program: solves a 2x2 LCP through the installed relcp package.
#include <cmath>
#include <iostream>

#include "lcp/registry.hpp"
#include "lcp/residual.hpp"

int main() {
  using namespace relcp::lcp;
  DenseMatrix M(2, 2);
  M << 2, 1, 1, 2;
  Vector q(2);
  q << -5, -6;
  const LcpProblem problem(M, q);
  const auto result = make_solver("lemke")->solve(problem, SolverOptions{});
  const bool ok = result.status == Status::converged && std::abs(result.z[0] - 4.0 / 3.0) < 1e-10 &&
                  std::abs(result.z[1] - 7.0 / 3.0) < 1e-10 && natural_residual(problem, result.z) < 1e-10;
  std::cout << (ok ? "downstream ok" : "downstream: wrong solution") << "\n";
  return ok ? 0 : 1;
}
