#pragma once
// A linear mechanical system with Coulomb friction on some of its coordinates:
//
//   M q'' + C q' + K q = f(t) - sum_i mu_i sgn(q'_i) e_i,   f(t) = sum of harmonic forces,
//
// with state x = (q, v = q'). Stewart's three-mass problem (eq. 15) is the friction chain below.

#include <vector>

#include "dcs/types.hpp"

namespace relcp::dcs {

// amplitude * cos(omega t + phase) on coordinate `dof`.
struct HarmonicForce {
  int dof = 0;
  double amplitude = 0.0;
  double omega = 0.0;
  double phase = 0.0;
};

struct FrictionOscillator {
  DenseMatrix mass;       // symmetric positive definite
  DenseMatrix damping;    // C
  DenseMatrix stiffness;  // K
  Vector friction;        // Coulomb force bound mu_i >= 0 per coordinate (0: frictionless)
  std::vector<HarmonicForce> forcing;
  Vector q0;
  Vector v0;

  int dof_count() const { return static_cast<int>(mass.rows()); }
  Vector external_force(double t) const;
  Vector initial_state() const;  // (q0, v0)
  // The coordinates with friction (mu_i > 0), ascending.
  std::vector<int> friction_dofs() const;
  // Throws std::invalid_argument when the sizes disagree or a bound is negative.
  void check_consistent() const;
};

// wall - m_0 - m_1 - ... chain: spring stiffness[0] between the wall and m_0, stiffness[i]
// between m_{i-1} and m_i; damping[i] and friction[i] act between m_i and the ground.
struct FrictionChain {
  std::vector<double> masses;
  std::vector<double> stiffness;
  std::vector<double> damping;
  std::vector<double> friction;
  std::vector<HarmonicForce> forcing;
  std::vector<double> x0;
  std::vector<double> v0;
};

FrictionOscillator make_friction_chain(const FrictionChain& chain);

// Stewart 1996 eq. (15): unit masses, springs and dampers, friction 0.3, 10 cos(pi t) on the
// third mass, x(0) = (-1, 1, -1), v(0) = (-1, 1, 1).
FrictionChain stewart_friction_chain();

}  // namespace relcp::dcs
