#pragma once
// Complementarity functions and the residual reported by every solver.

#include "lcp/problem.hpp"
#include "lcp/types.hpp"

namespace relcp::lcp {

// min(z, w) componentwise: zero exactly at LCP solutions.
Vector min_map(const Vector& z, const Vector& w);

// phi_FB(a, b) = sqrt(a^2 + b^2) - a - b componentwise.
Vector fischer_burmeister(const Vector& z, const Vector& w);

// ||min(z, Mz + q)||_inf: the residual reported everywhere.
double natural_residual(const LcpProblem& problem, const Vector& z);
double natural_residual(const Vector& z, const Vector& w);

}  // namespace relcp::lcp
