#pragma once
// One step of the Dormand-Prince 5(4) pair (Dormand & Prince 1980) with its embedded error
// estimate and the fourth-order continuous extension of Hairer, Norsett & Wanner (Solving ODEs I,
// sec. II.6). First-same-as-last: the seventh stage is f at the end point, reused by the next
// step.

#include <functional>

#include "dcs/types.hpp"

namespace relcp::dcs {

using RhsFunction = std::function<void(double t, const Vector& x, Vector& xdot)>;

class DormandPrinceStep {
 public:
  // Takes the step from (t, x) of size h; `xdot` must be rhs(t, x). Calls rhs six times, the last
  // one at (t + h, end_state()).
  DormandPrinceStep(const RhsFunction& rhs, double t, const Vector& x, const Vector& xdot, double h);

  double start_time() const { return t0_; }
  double end_time() const { return t0_ + h_; }
  double size() const { return h_; }
  const Vector& end_state() const { return x1_; }          // fifth-order solution
  const Vector& end_derivative() const { return k7_; }     // rhs(end_time(), end_state())
  const Vector& error_estimate() const { return error_; }  // fifth minus fourth order solution

  // Dense output on [start_time(), end_time()], fourth order.
  Vector state_at(double time) const;

 private:
  double t0_;
  double h_;
  Vector x1_;
  Vector k7_;
  Vector error_;
  // y(t0 + theta h) = r0 + theta (r1 + (1 - theta) (r2 + theta (r3 + (1 - theta) r4)))
  Vector r0_, r1_, r2_, r3_, r4_;
};

}  // namespace relcp::dcs
