#pragma once
// The parabolic Signorini problem of [PL] Sec. 4.2 as a DLCP ([PL] App. A; docs/dlcp.md):
//   c Laplace(V) - V_t = 0 on (0,1)^2,  V = 0 on three edges,  0 <= d_nu V perp V - psi >= 0 on
//   the semipermeable edge x1 = 0 (the paper prints (0,1) x {0} but discretizes x1 = 0),
//   V(., 0) = 2 x1 x2 (1 - x1)(1 - x2),  psi(x2, t) = 4/(1+t) for |x2 - 1/2| >= 1/4, sin(2 pi t)
//   otherwise.
// Grid (p dx, q dx), Q = 1/dx - 1 interior points per side; states X in R^{Q^2} stacked with the
// x1 index fastest; Y = V(0, x2_i) - psi(x2_i, t) in R^Q. With T = (1/dx^2) tridiag(1, -2, 1):
//   A = c (I (x) T + T (x) I),  B = (c/dx^2)(I (x) E1),  N = -2 (I (x) E1^T),
//   M = 2I - dx^2 T = tridiag(-1, 4, -1),  f(t) = B psi(t),  g(t) = M psi(t).
// M is a nonsingular M-matrix, so the unique and least-element selections coincide.

#include "dcs/problems/dlcp_problem.hpp"

namespace relcp::dcs {

struct SignoriniParameters {
  double dx = 0.025;  // 1/dx must be an integer >= 3
  double c = 2e-3;    // diffusion coefficient
};

struct SignoriniProblem {
  SignoriniParameters parameters;
  int side = 0;  // Q
  DlcpProblem dlcp;
};

double signorini_obstacle(double x2, double t);        // psi
double signorini_initial_value(double x1, double x2);  // V0

// Throws InputError (key "dx" or "c") for a dx whose inverse is not an integer >= 3 or c <= 0.
SignoriniProblem make_signorini_problem(const SignoriniParameters& parameters);

}  // namespace relcp::dcs
