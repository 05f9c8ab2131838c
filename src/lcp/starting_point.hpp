#pragma once
// First steps shared by the iterative solvers: the starting iterate and the iteration cap.

#include "lcp/problem.hpp"
#include "lcp/solver.hpp"
#include "lcp/types.hpp"

namespace relcp::lcp {

// max(0, options.warm_start) when a warm start is given, otherwise every entry = cold_value.
// Throws InputError (key "warm_start") when its size differs from the problem's or an entry
// is not finite.
Vector projected_starting_point(const LcpProblem& problem, const SolverOptions& options, double cold_value = 0.0);

// options.max_iterations when positive, solver_default when 0. Throws InputError (key
// "max_iterations") when negative.
int iteration_limit(const SolverOptions& options, int solver_default);

// The pivot cap of the pivoting methods (Lemke, Dantzig): iteration_limit with the default
// max(50 n, 50).
int pivot_limit(const SolverOptions& options, Index n);

}  // namespace relcp::lcp
