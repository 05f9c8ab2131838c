#pragma once
// The sweep loop of the nonsmooth Gauss-Seidel solvers (coulomb_nsgs.cpp, rolling_nsgs.cpp):
// each contact's reaction is solved with the others frozen, one pass over W per sweep, and
// Siconos' error of r after each sweep decides convergence. Internal to lcp/friction.

#include <Eigen/Core>
#include <cmath>

#include "lcp/problem.hpp"
#include "lcp/status.hpp"
#include "lcp/types.hpp"

namespace relcp::lcp::friction_detail {

struct SweepOutcome {
  Status status = Status::max_iterations;
  int sweeps = 0;
};

// Sweeps r (in/out) until error(r) <= tolerance, r stops moving or max_sweeps. For every
// contact, solve_contact(contact, u_i, r_i) replaces r_i, given u_i = (W r + q)_i at the current r.
template <class Problem, class SolveContact, class Error>
SweepOutcome sweep_contacts(const Problem& problem, Vector& r, int max_sweeps, double tolerance,
                            const SolveContact& solve_contact, const Error& error) {
  constexpr int d = Problem::kDimension;
  using Local = Eigen::Matrix<double, d, 1>;
  const LcpProblem& W = problem.local();
  SweepOutcome outcome;
  while (outcome.sweeps < max_sweeps) {
    ++outcome.sweeps;
    double moved = 0.0;
    for (Index contact = 0; contact < problem.contacts(); ++contact) {
      const Index row = d * contact;
      Local r_i = r.template segment<d>(row);
      Local u_i;
      for (Index k = 0; k < d; ++k) u_i[k] = W.row_dot(row + k, r) + W.q()[row + k];
      solve_contact(contact, u_i, r_i);
      moved += (r_i - r.template segment<d>(row)).squaredNorm();
      r.template segment<d>(row) = r_i;
    }
    const double e = error(r);
    if (!std::isfinite(e)) {
      outcome.status = Status::numerical_failure;
      break;
    }
    if (e <= tolerance) {
      outcome.status = Status::converged;
      break;
    }
    if (moved == 0.0) {
      outcome.status = Status::stagnation;
      break;
    }
  }
  return outcome;
}

}  // namespace relcp::lcp::friction_detail
