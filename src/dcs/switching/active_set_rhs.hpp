#pragma once
// The smooth right-hand side on a fixed active set (Stewart 1996, eq. 9-11): the weights z of
// the active modes solve
//
//   [ M  -E ] [ z  ]   [ 0 ]
//   [ E^T 0 ] [ mu ] = [ e ]
//
// (alpha = 0 is allowed by Lemma 1), which keeps the active indicators of each term equal, and
// x' = sum_q sum_{p in I^q} z^q_p f^q_p(t, x).

#include <vector>

#include "dcs/switching/active_set.hpp"
#include "dcs/switching/counted_system.hpp"
#include "dcs/types.hpp"

namespace relcp::dcs {

struct ActiveSetDerivative {
  Vector xdot;
  std::vector<Vector> weights;  // z^j over the modes of I^j, one vector per term
};

// Throws RunTimeFailure when N_0 is singular (condition B' fails at x).
ActiveSetDerivative active_set_derivative(CountedSystem& system, const ActiveSet& active, double t, const Vector& x);

// Only the weights z: no evaluation at all when every term has a single active mode.
std::vector<Vector> active_set_weights(CountedSystem& system, const ActiveSet& active, double t, const Vector& x);

}  // namespace relcp::dcs
