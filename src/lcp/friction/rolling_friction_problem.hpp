#pragma once
// The rolling friction contact problem in Siconos' local form (RollingFrictionContact, the model
// of Acary and co-authors; Siconos' "Rolling friction-contact problems" documentation): with n_c
// contacts, W (5 n_c x 5 n_c, dense or sparse), q, and per contact a friction coefficient mu_i
// and a rolling coefficient mu_r,i, find the reactions r and velocities u = W r + q such that,
// for every contact i,
//     K_i  ∋  r_i  ⊥  u_i + (mu_i ||u_t,i|| + mu_r,i ||u_r,i||) e_n  ∈  K_i*
// with K_i the rolling cone of lcp/friction/rolling_cone.hpp and K_i* its dual. Each contact owns
// five consecutive rows: the normal, the two tangential rows, the two rolling rows (Siconos'
// order). The law splits into normal complementarity, Coulomb's law in the tangential plane and
// the same law for the rolling moment against the rolling velocity, bounded by mu_r r_n.
// docs/friction_lcp.md, "Rolling friction problems", states it.

#include "lcp/friction/rolling_cone.hpp"
#include "lcp/problem.hpp"
#include "lcp/types.hpp"

namespace relcp::lcp {

class RollingFrictionProblem {
 public:
  static constexpr Index kDimension = 5;  // rows per contact (Siconos' `dimension`)

  // `local` holds W and q. Throws std::invalid_argument unless there is at least one contact,
  // q has 5 rows per contact, mu and mu_r have one value per contact, all finite and >= 0.
  RollingFrictionProblem(LcpProblem local, Vector mu, Vector mu_r);

  Index contacts() const { return mu_.size(); }
  Index size() const { return local_.size(); }  // 5 contacts()
  const LcpProblem& local() const { return local_; }
  const Vector& q() const { return local_.q(); }
  const Vector& mu() const { return mu_; }
  const Vector& mu_r() const { return mu_r_; }

  Vector velocity(const Vector& r) const { return local_.w(r); }  // u = W r + q

  // r_i projected onto contact i's rolling cone, every contact (in place).
  void project_onto_cones(Vector& r) const;

 private:
  LcpProblem local_;
  Vector mu_;
  Vector mu_r_;
};

}  // namespace relcp::lcp
