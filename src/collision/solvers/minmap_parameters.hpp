#pragma once
// The knobs of the min-map Newton solver "minmap" (docs/collision.md) and their scenario keys.

#include "collision/solvers/solver_parameters.hpp"

namespace relcp::collision {

// Krylov method of the min-map Newton systems (Belos).
enum class KrylovMethod {
  cg,     // conjugate gradients: the reduced system is symmetric positive (semi)definite (default)
  gmres,  // restarted GMRES
};

struct MinMapParameters {
  KrylovMethod krylov = KrylovMethod::cg;  // key minmap_krylov
  int krylov_max_iterations = 300;         // per Newton step; key minmap_krylov_iterations
  // kappa of the Levenberg-Marquardt shift mu of the reduced Newton systems,
  // (A_AA + mu I) dz_A = r_A, mu = max(kappa s ||H||_2 / ||H_0||_2, mu_previous / 10), s the
  // Rayleigh quotient of A_AA on H_A; raised tenfold when a step fails (docs/collision.md).
  // 0: the plain Newton system until a step fails. Must be finite and >= 0.
  double regularization = 1e-4;  // key minmap_regularization

  static const std::vector<SolverParameterSpec>& scenario_keys();
  static MinMapParameters from(const SolverParameterValues& values);
};

}  // namespace relcp::collision
