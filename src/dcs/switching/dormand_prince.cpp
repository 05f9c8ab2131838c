#include "dcs/switching/dormand_prince.hpp"

namespace relcp::dcs {
namespace {

// Butcher tableau.
constexpr double c2 = 1.0 / 5, c3 = 3.0 / 10, c4 = 4.0 / 5, c5 = 8.0 / 9;
constexpr double a21 = 1.0 / 5;
constexpr double a31 = 3.0 / 40, a32 = 9.0 / 40;
constexpr double a41 = 44.0 / 45, a42 = -56.0 / 15, a43 = 32.0 / 9;
constexpr double a51 = 19372.0 / 6561, a52 = -25360.0 / 2187, a53 = 64448.0 / 6561, a54 = -212.0 / 729;
constexpr double a61 = 9017.0 / 3168, a62 = -355.0 / 33, a63 = 46732.0 / 5247, a64 = 49.0 / 176, a65 = -5103.0 / 18656;
// Fifth-order weights (also the seventh stage's row).
constexpr double b1 = 35.0 / 384, b3 = 500.0 / 1113, b4 = 125.0 / 192, b5 = -2187.0 / 6784, b6 = 11.0 / 84;
// Fifth- minus fourth-order weights.
constexpr double e1 = 71.0 / 57600, e3 = -71.0 / 16695, e4 = 71.0 / 1920, e5 = -17253.0 / 339200, e6 = 22.0 / 525,
                 e7 = -1.0 / 40;
// Continuous extension.
constexpr double d1 = -12715105075.0 / 11282082432, d3 = 87487479700.0 / 32700410799, d4 = -10690763975.0 / 1880347072,
                 d5 = 701980252875.0 / 199316789632, d6 = -1453857185.0 / 822651844, d7 = 69997945.0 / 29380423;

}  // namespace

DormandPrinceStep::DormandPrinceStep(const RhsFunction& rhs, double t, const Vector& x, const Vector& xdot, double h)
    : t0_(t), h_(h) {
  const Vector& k1 = xdot;
  Vector k2(x.size()), k3(x.size()), k4(x.size()), k5(x.size()), k6(x.size());
  k7_.resize(x.size());

  rhs(t + c2 * h, x + h * (a21 * k1), k2);
  rhs(t + c3 * h, x + h * (a31 * k1 + a32 * k2), k3);
  rhs(t + c4 * h, x + h * (a41 * k1 + a42 * k2 + a43 * k3), k4);
  rhs(t + c5 * h, x + h * (a51 * k1 + a52 * k2 + a53 * k3 + a54 * k4), k5);
  rhs(t + h, x + h * (a61 * k1 + a62 * k2 + a63 * k3 + a64 * k4 + a65 * k5), k6);
  x1_ = x + h * (b1 * k1 + b3 * k3 + b4 * k4 + b5 * k5 + b6 * k6);
  rhs(t + h, x1_, k7_);

  error_ = h * (e1 * k1 + e3 * k3 + e4 * k4 + e5 * k5 + e6 * k6 + e7 * k7_);

  r0_ = x;
  r1_ = x1_ - x;
  r2_ = h * k1 - r1_;
  r3_ = r1_ - h * k7_ - r2_;
  r4_ = h * (d1 * k1 + d3 * k3 + d4 * k4 + d5 * k5 + d6 * k6 + d7 * k7_);
}

Vector DormandPrinceStep::state_at(double time) const {
  const double theta = (time - t0_) / h_;
  const double rest = 1.0 - theta;
  return r0_ + theta * (r1_ + rest * (r2_ + theta * (r3_ + rest * r4_)));
}

}  // namespace relcp::dcs
