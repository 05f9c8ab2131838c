// Rolling friction by a semismooth Newton method on the Alart-Curnier function (Alart and
// Curnier 1991), extended to the rolling rows of Siconos' RollingFrictionContact problems: the
// FC3D solver of alart_curnier_newton.cpp with a second disk. For each contact, with
// u = W r + q and p = max(0, r_n - rho_n u_n),
//     Phi_n = r_n - p
//     Phi_t = r_t - P_D(r_t - rho_t u_t),   D the disk of radius mu p
//     Phi_r = r_r - P_R(r_r - rho_r u_r),   R the disk of radius mu_r p
// whose zeros are exactly the solutions of the rolling law (normal complementarity, Coulomb's
// law for r_t against u_t, the same for r_r against u_r with mu_r). alart_curnier_driver.hpp
// has the Newton method; Siconos' rolling error decides convergence and rolling NSGS sweeps are
// its fallback.

#include <algorithm>
#include <vector>

#include "lcp/friction/alart_curnier_driver.hpp"
#include "lcp/friction/alart_curnier_rows.hpp"
#include "lcp/friction/rolling_friction_solvers.hpp"
#include "lcp/friction/rolling_solver_support.hpp"
#include "lcp/friction/siconos_rolling_error.hpp"

namespace relcp::lcp {
namespace {

using alart_curnier_detail::Block;
using alart_curnier_detail::Local;

double inverse_or_one(double value) { return value > 0.0 ? 1.0 / value : 1.0; }

class RollingContacts {
 public:
  static constexpr int kRows = RollingFrictionProblem::kDimension;

  // rho_n = 1 / W_nn, rho_t and rho_r = 1 / the larger diagonal entry of their rows in the
  // contact's block: the function then compares forces with forces.
  explicit RollingContacts(const RollingFrictionProblem& problem) : problem_(problem) {
    rho_.resize(static_cast<std::size_t>(problem.contacts()));
    for (Index c = 0; c < problem.contacts(); ++c) {
      const Block<kRows> W = friction_detail::contact_block<kRows>(problem.local(), kRows * c);
      Scaling& s = rho_[static_cast<std::size_t>(c)];
      s.normal = inverse_or_one(W(0, 0));
      s.tangential = inverse_or_one(std::max(W(1, 1), W(2, 2)));
      s.rolling = inverse_or_one(std::max(W(3, 3), W(4, 4)));
    }
  }

  const RollingFrictionProblem& problem() const { return problem_; }

  void contact_function(Index c, const Local<kRows>& r, const Local<kRows>& u, Local<kRows>& phi, Block<kRows>* A,
                        Block<kRows>* B) const {
    const Scaling& rho = rho_[static_cast<std::size_t>(c)];
    const double x = alart_curnier_detail::normal_row(rho.normal, r, u, phi, A, B);
    alart_curnier_detail::disk_rows(1, problem_.mu()[c], rho.tangential, rho.normal, x, r, u, phi, A, B);
    alart_curnier_detail::disk_rows(3, problem_.mu_r()[c], rho.rolling, rho.normal, x, r, u, phi, A, B);
  }

  double error(const Vector& r) const { return siconos_rolling_error(problem_, r); }

  void project_onto_cones(Vector& r) const { problem_.project_onto_cones(r); }

  FrictionSolverResult sweeps(const FrictionSolverOptions& options) const {
    return solve_rolling_nsgs(problem_, options);
  }

 private:
  struct Scaling {
    double normal = 1.0;
    double tangential = 1.0;
    double rolling = 1.0;
  };

  const RollingFrictionProblem& problem_;
  std::vector<Scaling> rho_;
};

}  // namespace

FrictionSolverResult solve_rolling_alart_curnier(const RollingFrictionProblem& problem,
                                                 const FrictionSolverOptions& options) {
  return alart_curnier_detail::solve(RollingContacts(problem), options);
}

}  // namespace relcp::lcp
