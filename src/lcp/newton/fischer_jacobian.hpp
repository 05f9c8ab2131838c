#pragma once
// The Fischer-Burmeister function and elements of its generalized Jacobian (Erleben 2013,
// section 5.5, theorem 5.3): for F(z) = phi(z, Mz + q) every element is
// J = diag(p) + diag(q) M, row i = p_i e_i^T + q_i M_i*.

#include <random>

#include "lcp/solver.hpp"
#include "lcp/types.hpp"

namespace relcp::lcp {

// phi(a, b) = sqrt(a^2 + b^2) - a - b, evaluated as -2ab / (sqrt(a^2 + b^2) + a + b) when both
// are positive so that small values near a solution lose no digits to cancellation.
double fischer_burmeister_value(double a, double b);

// theta = ||phi_FB(z, w)||^2 / 2, the merit of Fischer-Newton and of min-map's Fischer-Burmeister
// globalization; unlike ||min(z, w)||^2 / 2 it is continuously differentiable.
double fischer_burmeister_merit(const Vector& z, const Vector& w);

// Points with ||(z_i, w_i)|| <= this are treated as the kink (0, 0) of phi.
inline constexpr double kFischerKinkRadius = 1e-28;
// The perturbation strategy evaluates the gradient of phi at (epsilon, w_i) instead of (0, w_i).
inline constexpr double kFischerPerturbation = 1e-10;

// Fills p and q (resized to z's size). Away from the kink
//   p_i = z_i / ||(z_i, w_i)|| - 1,  q_i = w_i / ||(z_i, w_i)|| - 1.
// At the kink (p_i, q_i) = (a_i - 1, b_i - 1) with ||(a_i, b_i)|| <= 1 chosen by the strategy:
//   random        a_i, b_i uniform in [0, 1/sqrt 2] drawn from `random` (Erleben's code);
//   zero          a_i = b_i = 0;
//   perturbation  the gradient at (kFischerPerturbation, w_i);
//   approximation the perturbation element (that strategy uses these diagonals only for its
//                 preconditioner and the gradient fallback; the Newton matrix is matrix-free).
void fischer_jacobian_diagonals(const Vector& z, const Vector& w, FischerJacobian strategy, std::mt19937_64& random,
                                Vector& p, Vector& q);

}  // namespace relcp::lcp
