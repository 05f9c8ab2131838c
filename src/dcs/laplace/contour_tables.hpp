#pragma once
// Everything of the fully discrete Laplace iteration ([PL] (2.17)) that depends only on the
// time point t_j (j = 1..J, uniform grid t_j = j h) and the contour node p (0..P), computed once
// and reused by every iteration:
//   shift  z_{p,j} = w_p / t_j                    (the shifted systems are z_{p,j} I - A),
//   weight c_{p,j} = (step/pi) z'_p / t_j, halved at p = 0   (conjugate-symmetric rule),
//   decay  rho_{p,j} = e^{z_{p,j} h},    span  e^{z_{p,j} t_j} = e^{w_p} = rho^j,
//   left   h (phi1 - phi2)(z_{p,j} h),   right  h phi2(z_{p,j} h).
// With these, the Duhamel integral of a piecewise-linear source a(tau) through the nodal values
// a_0..a_J is (Wu & Chen 2017, eq. (2.17), in the stable phi-function form of docs/laplace.md)
//   int_0^{t_j} e^{z (t_j - tau)} a(tau) dtau = left * S_j + right * T_j,
//   S_j = sum_{l<j} rho^{j-1-l} a_l,   T_j = sum_{l<j} rho^{j-1-l} a_{l+1} = rho S_j + a_j - rho^j a_0,
// because on a uniform grid e^{z (t_j - t_{l+1})} = rho^{j-1-l}. S_j is one Horner sum, so the
// weights W_{j,l,p} (docs/laplace.md) are never stored (O(J P) memory instead of O(J^2 P));
// |rho| <= 1 except near p = 0 where rho^j = e^{w_0} = e^{mu (1 - sin gamma)} stays small, so
// nothing grows.
// Entry (j, p) lives at index (j - 1) * (P + 1) + p.

#include <complex>
#include <cstddef>
#include <vector>

#include "dcs/laplace/contour_hyperbolic.hpp"

namespace relcp::dcs {

struct ContourTables {
  int steps = 0;  // J
  int nodes = 0;  // P + 1
  double h = 0.0;
  std::vector<Complex> shift;
  std::vector<Complex> weight;
  std::vector<Complex> decay;
  std::vector<Complex> span;
  std::vector<Complex> left;
  std::vector<Complex> right;

  std::size_t index(int j, int p) const {
    return static_cast<std::size_t>(j - 1) * static_cast<std::size_t>(nodes) + static_cast<std::size_t>(p);
  }
  std::size_t size() const { return shift.size(); }
};

// Throws InputError (key "h") for a non-positive step and (key "J") for fewer than one step.
ContourTables make_contour_tables(const HyperbolicContour& contour, double h, int steps);

}  // namespace relcp::dcs
