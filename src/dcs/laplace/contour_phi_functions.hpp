#pragma once
// The phi-functions of exponential integrators, for complex arguments:
//   phi1(w) = (e^w - 1) / w,   phi2(w) = (e^w - 1 - w) / w^2.
// They give the exact integral of e^{z(t_j - tau)} times a linear interpolant over one step
// (Wu & Chen 2017, eq. (2.17), in a stable form; docs/laplace.md):
//   int_{t_l}^{t_{l+1}} e^{z(t_j - tau)} a(tau) dtau
//   = h e^{z (t_j - t_{l+1})} [a_l (phi1 - phi2)(z h) + a_{l+1} phi2(z h)].
// The literal forms cancel catastrophically for small |w|; there a Taylor series is used.
// For Re w << 0 (far contour nodes) e^w underflows to 0 and the quotients stay accurate.

#include <complex>

namespace relcp::dcs {

struct PhiValues {
  std::complex<double> phi1;
  std::complex<double> phi2;
};

PhiValues phi_functions(std::complex<double> w);

}  // namespace relcp::dcs
