// Exact Coulomb friction by a semismooth Newton method on the Alart-Curnier function (Alart and
// Curnier 1991; the method of Siconos' NSN_AC, docs/friction_lcp.md "Newton on the
// Alart-Curnier function"). For each contact, with u = W r + q,
//     Phi_n = r_n - max(0, r_n - rho_n u_n)
//     Phi_t = r_t - P_D(r_t - rho_t u_t),   D the disk of radius mu max(0, r_n - rho_n u_n),
// whose zeros are exactly the Coulomb solutions. alart_curnier_driver.hpp has the Newton method.

#include <Eigen/Core>
#include <algorithm>
#include <vector>

#include "lcp/friction/alart_curnier_driver.hpp"
#include "lcp/friction/alart_curnier_rows.hpp"
#include "lcp/friction/friction_solver_support.hpp"
#include "lcp/friction/friction_solvers.hpp"
#include "lcp/friction/siconos_friction_error.hpp"

namespace relcp::lcp {
namespace {

using alart_curnier_detail::Block;
using alart_curnier_detail::Local;

class CoulombContacts {
 public:
  static constexpr int kRows = FrictionContactProblem::kDimension;

  // rho_n = 1 / W_nn and rho_t = 1 / the larger tangential diagonal entry of the contact's
  // block: the AC function then compares forces with forces.
  explicit CoulombContacts(const FrictionContactProblem& problem) : problem_(problem) {
    rho_.resize(static_cast<std::size_t>(problem.contacts()));
    for (Index c = 0; c < problem.contacts(); ++c) {
      const Block<kRows> W = friction_detail::contact_block<kRows>(problem.local(), kRows * c);
      const double tangential = std::max(W(1, 1), W(2, 2));
      rho_[static_cast<std::size_t>(c)].normal = W(0, 0) > 0.0 ? 1.0 / W(0, 0) : 1.0;
      rho_[static_cast<std::size_t>(c)].tangential = tangential > 0.0 ? 1.0 / tangential : 1.0;
    }
  }

  const FrictionContactProblem& problem() const { return problem_; }

  void contact_function(Index c, const Local<kRows>& r, const Local<kRows>& u, Local<kRows>& phi, Block<kRows>* A,
                        Block<kRows>* B) const {
    const Scaling& rho = rho_[static_cast<std::size_t>(c)];
    const double x = alart_curnier_detail::normal_row(rho.normal, r, u, phi, A, B);
    alart_curnier_detail::disk_rows(1, problem_.mu()[c], rho.tangential, rho.normal, x, r, u, phi, A, B);
  }

  double error(const Vector& r) const { return siconos_friction_error(problem_, r); }

  void project_onto_cones(Vector& r) const {
    for (Index c = 0; c < problem_.contacts(); ++c) {
      friction_detail::project_onto_contact_cone(problem_.mu()[c], r[3 * c], r[3 * c + 1], r[3 * c + 2]);
    }
  }

  FrictionSolverResult sweeps(const FrictionSolverOptions& options) const {
    return solve_coulomb_nsgs(problem_, options);
  }

 private:
  struct Scaling {
    double normal = 1.0;      // rho_n
    double tangential = 1.0;  // rho_t
  };

  const FrictionContactProblem& problem_;
  std::vector<Scaling> rho_;
};

}  // namespace

FrictionSolverResult solve_coulomb_alart_curnier(const FrictionContactProblem& problem,
                                                 const FrictionSolverOptions& options) {
  return alart_curnier_detail::solve(CoulombContacts(problem), options);
}

}  // namespace relcp::lcp
