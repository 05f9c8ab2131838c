#pragma once
// The Euclidean projection onto one Coulomb friction cone, shared by the host solvers
// (friction_cone.hpp) and the CUDA contact space (collision/device/); C++17, no std::span.

#include <cmath>

#include "core/host_device.hpp"

namespace relcp::lcp {

// Projection of (n, t1, t2) onto K_mu = {||(t1, t2)|| <= mu n} (second-order cone projection).
RELCP_HOST_DEVICE inline void project_onto_friction_cone(double mu, double& n, double& t1, double& t2) {
  // Not hypot: it took 2.3x the time of the whole projection written this way (33 against 14.5 ns
  // per cone, docs/friction.md), and contact forces stay far from 1e154.
#if defined(__CUDA_ARCH__)
  const double t = ::sqrt(t1 * t1 + t2 * t2);
#else
  const double t = std::sqrt(t1 * t1 + t2 * t2);
#endif
  // The polar cone first: with mu = 0 and t = 0 both tests hold for n < 0, and the apex is the
  // projection.
  if (mu * t <= -n) {
    n = t1 = t2 = 0.0;
    return;
  }
  if (t <= mu * n) return;  // inside
  const double normal = (n + mu * t) / (1.0 + mu * mu);
  const double shrink = t > 0.0 ? mu * normal / t : 0.0;
  n = normal;
  t1 *= shrink;
  t2 *= shrink;
}

}  // namespace relcp::lcp
