// phi1(w) = (e^w - 1)/w and phi2(w) = (e^w - 1 - w)/w^2 (contour_phi_functions.hpp): accurate
// where the literal quotients cancel (small |w|) and finite where e^w underflows (Re w << 0).

#include <gtest/gtest.h>

#include <cmath>
#include <complex>

#include "dcs/laplace/contour_phi_functions.hpp"

namespace relcp::dcs {
namespace {

using LongComplex = std::complex<long double>;

// The literal quotients in long double: about 19 digits, so accurate to double precision for
// |w| >= 1e-3 (phi2 loses log10(1/|w|^2) digits).
PhiValues literal(std::complex<double> w) {
  const LongComplex v(w.real(), w.imag());
  const LongComplex e = std::exp(v);
  const LongComplex phi1 = (e - 1.0L) / v;
  const LongComplex phi2 = (e - 1.0L - v) / (v * v);
  return {std::complex<double>(static_cast<double>(phi1.real()), static_cast<double>(phi1.imag())),
          std::complex<double>(static_cast<double>(phi2.real()), static_cast<double>(phi2.imag()))};
}

double relative(std::complex<double> a, std::complex<double> b) { return std::abs(a - b) / std::abs(b); }

TEST(PhiFunctions, MatchLiteralFormsOnBothSidesOfTheSeriesRadius) {
  for (const double radius : {0.01, 0.3, 0.99, 1.01, 3.0, 20.0}) {
    for (int k = 0; k < 12; ++k) {
      const std::complex<double> w = std::polar(radius, 0.5236 * k);
      const PhiValues value = phi_functions(w);
      const PhiValues reference = literal(w);
      EXPECT_LT(relative(value.phi1, reference.phi1), 1e-13) << w;
      EXPECT_LT(relative(value.phi2, reference.phi2), 1e-12) << w;
    }
  }
}

TEST(PhiFunctions, SmallArgumentsFollowTheTaylorExpansion) {
  const std::complex<double> w(1e-9, -2e-9);
  const PhiValues value = phi_functions(w);
  EXPECT_LT(std::abs(value.phi1 - (1.0 + w / 2.0)), 1e-17);
  EXPECT_LT(std::abs(value.phi2 - (0.5 + w / 6.0)), 1e-17);
  const PhiValues zero = phi_functions(0.0);
  EXPECT_EQ(zero.phi1, std::complex<double>(1.0, 0.0));
  EXPECT_EQ(zero.phi2, std::complex<double>(0.5, 0.0));
}

TEST(PhiFunctions, FarContourNodesStayFiniteAndAccurate) {
  // Re(z h) of the outermost nodes of P = 64 on a fine grid is about -1e7.
  const std::complex<double> w(-1.0e7, 7.0e6);
  const PhiValues value = phi_functions(w);
  ASSERT_TRUE(std::isfinite(value.phi1.real()) && std::isfinite(value.phi2.imag()));
  EXPECT_LT(relative(value.phi1, -1.0 / w), 1e-15);
  EXPECT_LT(relative(value.phi2, (-1.0 - w) / (w * w)), 1e-15);
}

TEST(PhiFunctions, SatisfyTheRecurrence) {
  // phi2(w) = (phi1(w) - 1) / w for every w != 0.
  for (const std::complex<double> w :
       {std::complex<double>(0.4, 0.2), std::complex<double>(-30.0, 4.0), std::complex<double>(2.0, -9.0)}) {
    const PhiValues value = phi_functions(w);
    EXPECT_LT(relative(value.phi2, (value.phi1 - 1.0) / w), 1e-13) << w;
  }
}

}  // namespace
}  // namespace relcp::dcs
