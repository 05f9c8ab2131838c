// One contact's Alart-Curnier function and its generalized Jacobian blocks
// (lcp/friction/alart_curnier_rows.hpp): A dr + B du against finite differences of Phi, at random
// points away from the kinks and at a separated contact at rest (r = 0, u_t = 0), where the disk
// has radius zero and Phi_t = r_t in a whole neighbourhood.

#include <gtest/gtest.h>

#include <random>

#include "lcp/friction/alart_curnier_rows.hpp"

namespace relcp::lcp::alart_curnier_detail {
namespace {

constexpr double kMu = 0.4;
constexpr double kRho = 0.7;

struct Evaluation {
  Local<3> phi;
  Block<3> A, B;
};

Evaluation contact_function(const Local<3>& r, const Local<3>& u) {
  Evaluation e;
  const double x = normal_row<3>(kRho, r, u, e.phi, &e.A, &e.B);
  disk_rows<3>(1, kMu, kRho, kRho, x, r, u, e.phi, &e.A, &e.B);
  return e;
}

// The largest |(Phi(r + h dr, u + h du) - Phi(r, u)) / h - (A dr + B du)| over random directions.
double jacobian_error(const Local<3>& r, const Local<3>& u, double h, std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  const Evaluation at = contact_function(r, u);
  double worst = 0.0;
  for (int trial = 0; trial < 20; ++trial) {
    Local<3> dr, du;
    for (int i = 0; i < 3; ++i) dr[i] = normal(rng), du[i] = normal(rng);
    const Local<3> moved = contact_function(r + h * dr, u + h * du).phi;
    const Local<3> predicted = at.A * dr + at.B * du;
    worst = std::max(worst, ((moved - at.phi) / h - predicted).cwiseAbs().maxCoeff());
  }
  return worst;
}

TEST(AlartCurnierRows, JacobianMatchesFiniteDifferencesAwayFromKinks) {
  std::mt19937_64 rng(5);
  std::normal_distribution<double> normal;
  int checked = 0;
  for (int point = 0; point < 200; ++point) {
    Local<3> r, u;
    for (int i = 0; i < 3; ++i) r[i] = normal(rng), u[i] = normal(rng);
    // Skip points within the step of a kink: x = 0, or |y| = radius.
    const double x = r[0] - kRho * u[0];
    const double y = std::hypot(r[1] - kRho * u[1], r[2] - kRho * u[2]);
    if (std::abs(x) < 1e-3 || std::abs(y - kMu * std::max(x, 0.0)) < 1e-3) continue;
    ++checked;
    EXPECT_LT(jacobian_error(r, u, 1e-7, rng), 1e-5) << "point " << point;
  }
  EXPECT_GT(checked, 150);
}

TEST(AlartCurnierRows, ASeparatedContactAtRestHasTheIdentityForItsTangentialRows) {
  std::mt19937_64 rng(6);
  const Local<3> r = Local<3>::Zero();
  const Local<3> u(0.5, 0.0, 0.0);  // opening: x = -rho u_n < 0, so the disk is the point 0
  const Evaluation e = contact_function(r, u);
  EXPECT_EQ(e.phi, Local<3>::Zero());
  EXPECT_EQ(e.A, Block<3>::Identity());
  EXPECT_EQ(e.B, Block<3>::Zero());
  EXPECT_LT(jacobian_error(r, u, 1e-8, rng), 1e-12);
}

}  // namespace
}  // namespace relcp::lcp::alart_curnier_detail
