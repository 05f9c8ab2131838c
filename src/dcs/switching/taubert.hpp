#pragma once
// Taubert's fixed-step methods on the decomposed form, the baselines of Stewart's tables:
// every right-hand side evaluation takes, for each term, the mode with the smallest indicator
// (ties to the lowest index) and sums those f^j_k. Euler is "Taubert I", the classical
// fourth-order Runge-Kutta method "Taubert II". Near sticking they chatter, which is why they
// are first order on friction problems; their mode changes are counted, not listed.

#include "dcs/switching/decomposed_system.hpp"
#include "dcs/switching/simulation_record.hpp"

namespace relcp::dcs {

enum class TaubertScheme { euler, rk4 };

struct TaubertOptions {
  TaubertScheme scheme = TaubertScheme::euler;
  double h = 1e-3;  // step size (steps are shortened to land on output times)
};

SimulationRecord integrate_taubert(const DecomposedSystem& system, const Vector& x0, const TimeSpan& span,
                                   const TaubertOptions& options, const ProgressCallback& progress = {});

}  // namespace relcp::dcs
