#pragma once
// The ODE step of the Gauss-Seidel iteration for a DNCP with y frozen ([GS] (1.8b)):
//   z = x_prev + h F(t, z, y),
// by Newton's method on r(z) = z - x_prev - h F(t, z, y) with Jacobian I - h F_x, halving the
// step until ||r|| decreases. Stops at ||r||_inf <= tolerance max(1, ||z||_inf).

#include "dcs/problems/dlcp_dncp_problem.hpp"
#include "dcs/waveform/dlcp_newton_outcome.hpp"

namespace relcp::dcs {

// z: the starting point on entry, the solution on exit. At most 50 Newton steps.
NewtonOutcome solve_ode_step(const DncpProblem& problem, double t, double h, const Vector& x_prev, const Vector& y,
                             Vector& z, double tolerance);

}  // namespace relcp::dcs
