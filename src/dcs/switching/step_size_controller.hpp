#pragma once
// Step-size control on the error per unit step: a step of size h is accepted when its local
// error estimate satisfies ||err||_inf <= tolerance * h (Stewart's "truncation error per unit
// step"), and the next size aims at that bound for a method whose error estimate is O(h^5).

namespace relcp::dcs {

class StepSizeController {
 public:
  explicit StepSizeController(double tolerance) : tolerance_(tolerance) {}

  double tolerance() const { return tolerance_; }

  // ||err||_inf / (tolerance * h): <= 1 accepts the step.
  double error_ratio(double error_max_norm, double h) const;

  // The next step size after a step of size h with this ratio (accepted or not). After a
  // rejection it never grows.
  double next_step(double h, double error_ratio, bool accepted) const;

 private:
  double tolerance_;
};

}  // namespace relcp::dcs
