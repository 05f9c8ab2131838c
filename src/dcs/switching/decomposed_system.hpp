#pragma once
// A discontinuous ODE in Stewart's decomposed form (Stewart 1996, eq. 6-7):
//
//   x' = sum_{j=1..m} f^j(t, x),   f^j(t, x) = f^j_k(t, x) on R^j_k = { x : h^j_k(x) < h^j_l(x), l != k }
//
// Each term j is one independent discontinuity (one friction contact); each of its modes k is a
// smooth right-hand side valid on one side of it. Solutions are meant in Filippov's sense.
// Indicators depend on the state only (a time-dependent surface can be handled by adding t to the
// state). Modes are 0-based. Implement this interface to integrate a user system with the
// switching method or Taubert's methods.

#include <string>

#include "dcs/switching/active_set.hpp"
#include "dcs/types.hpp"

namespace relcp::dcs {

class DecomposedSystem {
 public:
  virtual ~DecomposedSystem() = default;

  virtual int state_size() const = 0;
  virtual int term_count() const = 0;          // m
  virtual int mode_count(int term) const = 0;  // m_j >= 1

  // f^j_k(t, x), written into `out` (already sized state_size()).
  virtual void mode_rhs(int term, int mode, double t, const Vector& x, Vector& out) const = 0;
  // h^j_k(x).
  virtual double indicator(int term, int mode, const Vector& x) const = 0;
  // grad h^j_k(x), written into `out` (already sized state_size()).
  virtual void indicator_gradient(int term, int mode, const Vector& x, Vector& out) const = 0;

  // Names used in output files. Defaults: "y<i>", "<term>", the mode set as "0+1".
  virtual std::string state_name(int index) const;
  virtual std::string term_name(int term) const;
  virtual std::string mode_set_label(int term, const ModeSet& modes) const;
};

}  // namespace relcp::dcs
