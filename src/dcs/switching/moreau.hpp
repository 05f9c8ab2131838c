#pragma once
// Moreau's time-stepping (implicit Euler with a friction LCP per step) for a FrictionOscillator:
//
//   (M + h C + h^2 K) v+ = M v + h (f(t+h) - K q) + p,   q+ = q + h v+,
//
// where the friction impulse p_i in [-h mu_i, h mu_i] opposes v+_i, or v+_i = 0 (stick). Per
// coordinate with friction the impulse is split into two non-negative parts along +e_i and
// -e_i plus a slack beta_i (the one-dimensional case of the polyhedral friction LCP):
//
//   0 <= [D A^-1 D^T  E] [lambda]   [D A^-1 b]       [lambda]
//        [ -E^T       0] [ beta ] + [  h mu  ]  perp [ beta ] >= 0,   D = [I_F; -I_F], E = [I; I],
//
// an LCP of size 3 x (coordinates with friction). First order.

#include <memory>

#include "dcs/switching/friction_oscillator.hpp"
#include "dcs/switching/simulation_record.hpp"
#include "lcp/solver.hpp"

namespace relcp::dcs {

struct MoreauOptions {
  double h = 1e-3;
  std::shared_ptr<const lcp::LcpSolver> solver;  // null: lexicographic Lemke
  double lcp_tolerance = 1e-12;
  double stuck_velocity = 1e-10;  // |v+_i| at most this counts as stuck in the mode changes
};

// Throws RunTimeFailure when an LCP solve does not converge.
SimulationRecord integrate_moreau(const FrictionOscillator& oscillator, const TimeSpan& span,
                                  const MoreauOptions& options, const ProgressCallback& progress = {});

}  // namespace relcp::dcs
