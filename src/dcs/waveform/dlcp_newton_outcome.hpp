#pragma once
// How a Newton solve of the DNCP methods ended.

namespace relcp::dcs {

struct NewtonOutcome {
  bool converged = false;
  int iterations = 0;
  double residual = 0.0;  // ||.||_inf of the residual at the returned point
};

}  // namespace relcp::dcs
