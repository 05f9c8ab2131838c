#pragma once
// A FrictionOscillator in Stewart's decomposed form. State x = (q, v). One term per coordinate
// with friction; its mode 0 is sliding forwards (friction -mu_i, region v_i > 0, indicator
// h_0 = -v_i), mode 1 sliding backwards (+mu_i, v_i < 0, h_1 = +v_i): the convention of
// Stewart 1996, Sec. 2, not the misprinted signs of his example (5) (docs/switching.md). The
// smooth part M^-1 (f(t) - K q - C v) is shared equally among the terms, which does not change
// x' because each term's weights sum to 1. Without any friction there is a single one-mode term
// carrying the smooth part.

#include <vector>

#include "dcs/switching/decomposed_system.hpp"
#include "dcs/switching/friction_oscillator.hpp"

namespace relcp::dcs {

class FrictionOscillatorSystem final : public DecomposedSystem {
 public:
  explicit FrictionOscillatorSystem(FrictionOscillator oscillator);

  const FrictionOscillator& oscillator() const { return oscillator_; }
  // The coordinate of a term (-1 for the frictionless single term).
  int term_dof(int term) const { return friction_dofs_.empty() ? -1 : friction_dofs_[term]; }

  int state_size() const override { return 2 * oscillator_.dof_count(); }
  int term_count() const override;
  int mode_count(int term) const override;
  void mode_rhs(int term, int mode, double t, const Vector& x, Vector& out) const override;
  double indicator(int term, int mode, const Vector& x) const override;
  void indicator_gradient(int term, int mode, const Vector& x, Vector& out) const override;

  // "x0".."x{n-1}", "v0".."v{n-1}"; terms by coordinate; modes as 1 (forwards), -1, 0 (stuck).
  std::string state_name(int index) const override;
  std::string term_name(int term) const override;
  std::string mode_set_label(int term, const ModeSet& modes) const override;

 private:
  FrictionOscillator oscillator_;
  std::vector<int> friction_dofs_;
  DenseMatrix inverse_mass_;
};

// Mode set of a friction term for a velocity: {0} forwards, {1} backwards, {0, 1} stuck
// (|v| <= stuck_velocity).
ModeSet friction_modes_for_velocity(double v, double stuck_velocity);

}  // namespace relcp::dcs
