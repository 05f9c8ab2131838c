#pragma once
// The frictional contact LCP (27) of Erleben 2013 4.1 (Stewart-Trinkle polyhedral friction
// cone) for N contacts with K friction directions each. Sign convention (docs/lcp_pivoting.md,
// "Contact LCP builder"; Erleben writes -J^T lambda): contact impulses act as +J^T lambda and
// b = J (u0 + h M^-1 f_ext), so that B = J M^-1 J^T is symmetric positive semidefinite:
//
//         [ B_nn  B_nt  0 ] [lambda_n]   [b_n]
//     w = [ B_tn  B_tt  E ] [lambda_t] + [b_t],    0 <= w  _|_  [lambda_n; lambda_t; beta] >= 0
//         [ mu   -E^T   0 ] [  beta  ]   [ 0 ]
//
// with mu = diag(mu_k) (N x N) and E = blockdiag(1_K) (NK x N). The unknowns are ordered
// [lambda_n (N); lambda_t (NK); beta (N)]. lambda are impulses (force times h); beta
// estimates the sliding speed. w's first N + NK entries are the contact velocities
// [J_n u+; J_t u+ + E beta].

#include <cstdint>
#include <random>

#include "lcp/problem.hpp"
#include "lcp/types.hpp"

namespace relcp::lcp {

// The discretised Newton-Euler data of one time step; d generalised velocities.
struct ContactStep {
  DenseMatrix inverse_mass;      // M^-1, d x d, symmetric positive definite
  DenseMatrix normal_jacobian;   // J_n, N x d: row k maps u to contact k's normal velocity
  DenseMatrix tangent_jacobian;  // J_t, NK x d: rows kK .. kK+K-1 are contact k's directions
  Vector friction;               // mu_k >= 0, N entries
  Vector velocity;               // u0, d
  Vector external_force;         // f_ext plus gyroscopic terms, d
  double time_step = 0.0;        // h > 0
  Index directions = 0;          // K >= 1 friction directions per contact
};

// M^-1 of a symmetric positive definite generalised mass matrix. Throws InputError (key
// "mass") when M is not square, not symmetric or not positive definite.
DenseMatrix inverse_of_mass(const DenseMatrix& mass);

// The LCP (27), dense. Throws InputError, keyed by the ContactStep field at fault, on
// inconsistent sizes, a non-symmetric M^-1, mu < 0, h <= 0 or K < 1.
LcpProblem build_contact_lcp(const ContactStep& step);

// A random ContactStep: N contacts with K directions each between two free rigid bodies (d = 12),
// Gaussian Jacobians, velocity and force from std::mt19937_64(seed), M = R R^T + I with R
// Gaussian, mu_k = |Gaussian|, h = 0.01. Its LCP (27) has n = N (K + 2), a zero N x N diagonal
// block and q = 0 on the beta rows (exact Fischer-Burmeister kinks at z = 0). Used by
// `relcp_lcp generate stewart_trinkle` and the solver defaults' measurements (docs/lcp_newton.md).
ContactStep random_contact_step(Index contacts, Index directions, std::uint64_t seed);
// The same, drawing from `random` (several problems from one sequence).
ContactStep random_contact_step(Index contacts, Index directions, std::mt19937_64& random);

// An LCP solution split into its blocks.
struct ContactImpulses {
  Vector normal;         // lambda_n, N
  Vector tangent;        // lambda_t, NK
  Vector sliding_speed;  // beta, N
};
ContactImpulses split_contact_solution(const ContactStep& step, const Vector& z);

// The velocity after the step, u+ = u0 + h M^-1 f_ext + M^-1 (J_n^T lambda_n + J_t^T lambda_t).
// lambda_t is not unique when a contact sticks (B_tt is singular); compare u+ instead.
Vector velocity_after_contact(const ContactStep& step, const Vector& z);

}  // namespace relcp::lcp
