#pragma once
// The frictional contact problem in Siconos' local form (FrictionContact3D): with n_c contacts,
// W (3 n_c x 3 n_c, dense or sparse), q and one friction coefficient mu_i per contact, find the
// reactions r and velocities u = W r + q such that, for every contact i,
//     K_mu_i  ∋  r_i  ⊥  u_i + mu_i ||u_t,i|| e_n  ∈  K_mu_i*          (Coulomb, De Saxce's form)
// where K_mu = {(r_n, r_t) : ||r_t|| <= mu r_n} and K_mu* = K_(1/mu) is its dual cone. Each
// contact owns three consecutive rows: normal first, then the two tangential rows (Siconos'
// order and lcp/friction/friction_cone.hpp's). docs/friction_lcp.md states the formulations.

#include "lcp/friction/friction_cone.hpp"
#include "lcp/problem.hpp"
#include "lcp/types.hpp"

namespace relcp::lcp {

class FrictionContactProblem {
 public:
  static constexpr Index kDimension = 3;  // rows per contact (Siconos' `dimension`)

  // `local` holds W and q. Throws std::invalid_argument unless q has 3 mu.size() rows (at least
  // one contact) and every mu is finite and >= 0.
  FrictionContactProblem(LcpProblem local, Vector mu);

  Index contacts() const { return mu_.size(); }
  Index size() const { return local_.size(); }  // 3 contacts()
  const LcpProblem& local() const { return local_; }
  const Vector& q() const { return local_.q(); }
  const Vector& mu() const { return mu_; }
  const FrictionCones& cones() const { return cones_; }

  Vector velocity(const Vector& r) const { return local_.w(r); }  // u = W r + q

 private:
  LcpProblem local_;
  Vector mu_;
  FrictionCones cones_;
};

}  // namespace relcp::lcp
