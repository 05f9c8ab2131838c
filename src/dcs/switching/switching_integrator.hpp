#pragma once
// Stewart's high-order switching method (Algorithm 2 of Stewart 1996) for a DecomposedSystem:
// between switching points the smooth active-set ODE (eq. 9-11) is integrated by adaptive
// Dormand-Prince 5(4); a step after which the switching function psi has turned negative (and
// decreased) is cut at the zero of psi on the dense output, located by Brent's method to eta;
// there the switching LCP (13) over the eps-active set gives the new active set.

#include <cstdint>

#include "dcs/switching/decomposed_system.hpp"
#include "dcs/switching/simulation_record.hpp"
#include "dcs/switching/switching_lcp.hpp"
#include "dcs/types.hpp"

namespace relcp::dcs {

struct SwitchingOptions {
  double tolerance = 1e-8;      // local error per unit step of the smooth integrator
  double initial_step = 0.0;    // 0: 0.1 * tolerance (Stewart's runs)
  double eta = 0.0;             // switching-point tolerance; 0: 1e-3 * tolerance
  double epsilon = 1e-8;        // eps-active set tolerance on the indicators
  double restart_delay = 1e-2;  // t* - t' when the chosen active set is ambiguous
  // Accepted plus rejected steps before the run fails (about 10 s of one core at 10^6).
  std::int64_t max_steps = 1'000'000;
  SwitchingLcpOptions lcp;

  double resolved_initial_step() const { return initial_step > 0 ? initial_step : 0.1 * tolerance; }
  double resolved_eta() const { return eta > 0 ? eta : 1e-3 * tolerance; }
};

// Throws RunTimeFailure when the active-set system is singular, a switching LCP has no solution,
// the step size underflows or switching points accumulate without progress in time;
// std::invalid_argument when x0 does not fit the system.
SimulationRecord integrate_switching(const DecomposedSystem& system, const Vector& x0, const TimeSpan& span,
                                     const SwitchingOptions& options, const ProgressCallback& progress = {});

}  // namespace relcp::dcs
