// Exact Coulomb friction by nonsmooth Gauss-Seidel over the contacts: each contact's reaction
// is solved with the others frozen, by De Saxce's fixed point
//     r_i := P_K(r_i - rho_i (W_ii r_i + b_i + mu_i ||(W_ii r_i + b_i)_t|| e_n)),
// b_i = q_i + sum_(j != i) W_ij r_j, rho_i = 1 / lambda_max((W_ii + W_ii^T) / 2), iterated
// locally until it stops moving. One sweep costs one pass over W; the Siconos error after each
// sweep decides convergence.

#include <Eigen/Dense>
#include <cmath>
#include <utility>
#include <vector>

#include "lcp/friction/friction_solver_support.hpp"
#include "lcp/friction/friction_solvers.hpp"
#include "lcp/friction/gauss_seidel_sweeps.hpp"
#include "lcp/friction/siconos_friction_error.hpp"

namespace relcp::lcp {
namespace {

constexpr int kDefaultSweeps = 100000;
constexpr int kLocalIterations = 200;
constexpr double kLocalStep = 1e-14;  // relative change that ends the local iteration

using Block = Eigen::Matrix3d;
using Local = Eigen::Vector3d;

struct ContactBlock {
  Block W;
  double step = 0.0;  // rho
};

// One contact's local problem with b fixed, from r (in/out).
void solve_local(const ContactBlock& contact, double mu, const Local& b, Local& r) {
  for (int k = 0; k < kLocalIterations; ++k) {
    Local v = contact.W * r + b;
    v[0] += mu * std::hypot(v[1], v[2]);
    Local next = r - contact.step * v;
    friction_detail::project_onto_contact_cone(mu, next[0], next[1], next[2]);
    const double moved = (next - r).norm();
    r = next;
    if (moved <= kLocalStep * (1.0 + r.norm())) return;
  }
}

}  // namespace

FrictionSolverResult solve_coulomb_nsgs(const FrictionContactProblem& problem, const FrictionSolverOptions& options) {
  auto [r, max_sweeps] = friction_detail::start_solve(problem, options, kDefaultSweeps);
  constexpr int d = FrictionContactProblem::kDimension;
  std::vector<ContactBlock> blocks(static_cast<std::size_t>(problem.contacts()));
  for (Index contact = 0; contact < problem.contacts(); ++contact) {
    ContactBlock& block = blocks[static_cast<std::size_t>(contact)];
    block.W = friction_detail::contact_block<d>(problem.local(), d * contact);
    const Block symmetric = 0.5 * (block.W + block.W.transpose());
    const double largest =
        Eigen::SelfAdjointEigenSolver<Block>(symmetric, Eigen::EigenvaluesOnly).eigenvalues().maxCoeff();
    if (!(std::isfinite(largest) && largest > 0.0)) {
      return friction_detail::finish(problem, options, Status::unsupported, 0, 0, std::move(r));
    }
    block.step = 1.0 / largest;
  }

  const auto [status, sweeps] = friction_detail::sweep_contacts(
      problem, r, max_sweeps, options.tolerance,
      [&](Index contact, const Local& u_i, Local& r_i) {
        const ContactBlock& block = blocks[static_cast<std::size_t>(contact)];
        const Local b = u_i - block.W * r_i;
        solve_local(block, problem.mu()[contact], b, r_i);
      },
      [&](const Vector& x) { return siconos_friction_error(problem, x); });
  return friction_detail::finish(problem, options, status, sweeps, 0, std::move(r));
}

}  // namespace relcp::lcp
