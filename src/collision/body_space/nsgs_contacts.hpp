#pragma once
// What the two forms of nonsmooth Gauss-Seidel share (docs/friction.md, "nsgs"): the gathered sweeps
// on rank 0 (body_space_nsgs.hpp) and the rank-block sweeps, each rank over its own rows
// (rank_block_nsgs.hpp). One contact's local problem with the others frozen, the model's natural
// map, and the loop of sweeps with its stopping tests.
//
// A contact's local problem, with b_i = g_i - W_ii gamma_i and W_ii its rows' block of A:
//   1. b_n >= 0 (exact model) or b in the dual cone (ccp): gamma_i = 0, it separates;
//   2. -W_ii^-1 b_i in the cone: it sticks (g_i = 0);
//   3. otherwise Newton's method on its Alart-Curnier function (a 3-row Coulomb contact, exact
//      model), or the projected fixed point
//        gamma_i := P_K(gamma_i - rho (W_ii gamma_i + b_i + s(W_ii gamma_i + b_i) e_n)),
//      rho = 1 / lambda_max(W_ii), with De Saxce's shift s(u) = mu ||u_t|| + rolling ||u_r|| +
//      spinning |u_s| for the exact model and s = 0 for the ccp, until it stops moving.
// A row outside every cone is a unilateral row: gamma_r := max(0, gamma_r - g_r / W_rr).

#include <Eigen/Core>
#include <cmath>
#include <functional>
#include <vector>

#include "lcp/friction/friction_cone.hpp"
#include "lcp/status.hpp"

namespace relcp::collision {

enum class ConeModel { exact_coulomb, ccp };

inline constexpr Eigen::Index kMaxContactRows = 6;
using ContactBlock = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, kMaxContactRows, kMaxContactRows>;
using ContactVector = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, kMaxContactRows, 1>;

// One contact's rows (a cone block) or one unilateral row, with its block of A precomputed.
struct ContactUnit {
  Eigen::Index first_row = 0;
  Eigen::Index rows = 1;
  int cone = -1;  // index into the cones' blocks; -1: a unilateral row
  ContactBlock W;
  ContactBlock inverse;  // of W when invertible (sticking test), else empty
  double step = 0.0;     // 1 / lambda_max(W), 0 when W = 0
};

// The rows [0, rows) split into units: the cones' blocks, and every other row alone.
// block_of(first_row, rows) returns those rows' block of A.
std::vector<ContactUnit> contact_units(const lcp::FrictionCones& cones, Eigen::Index rows,
                                       const std::function<ContactBlock(Eigen::Index, Eigen::Index)>& block_of);

// The unit's new forces, given its gap g = (A gamma + c) on its rows and its current forces f.
ContactVector relax_contact(const ContactUnit& unit, const lcp::FrictionCones& cones, ConeModel model,
                            const ContactVector& g, const ContactVector& f);

// Relaxes `unit` against its gaps gap_of(row), writes its new forces into gamma (indexed by row)
// and calls add_change(row, change) for each of its rows when they moved; the squared change.
template <class GapOf, class AddChange>
double relax_unit(const ContactUnit& unit, const lcp::FrictionCones& cones, ConeModel model, double* gamma,
                  GapOf gap_of, AddChange add_change) {
  ContactVector g(unit.rows);
  for (Eigen::Index k = 0; k < unit.rows; ++k) g[k] = gap_of(unit.first_row + k);
  Eigen::Map<Eigen::VectorXd> forces(gamma + unit.first_row, unit.rows);
  const ContactVector old = forces;
  const ContactVector next = relax_contact(unit, cones, model, g, old);
  const ContactVector delta = next - old;
  const double moved = delta.squaredNorm();
  if (moved == 0.0) return 0.0;
  forces = next;
  for (Eigen::Index k = 0; k < unit.rows; ++k) add_change(unit.first_row + k, delta[k]);
  return moved;
}

// The model's natural map of gamma with gradient g = A gamma + c over `cones` (unilateral rows:
// |min(gamma, g)|), in the infinity norm, over `rows` rows (0 for none; NaN if a value is). The
// exact model shifts g's normal rows in place by De Saxce's shift.
double cone_model_residual(const lcp::FrictionCones& cones, ConeModel model, const double* gamma, double* g,
                           std::size_t rows);

struct BodySpaceNsgsResult {
  lcp::Status status = lcp::Status::max_iterations;
  int sweeps = 0;
  double residual = 0.0;        // the model's natural map ||gamma - P_K(gamma - (g + s(g)))||_inf
  std::vector<double> history;  // the residual after every sweep
};

// The sweeps between two checks of stop_when_out_of_reach (an even count: whole forward-backward pairs).
inline constexpr int kNsgsReachWindow = 50;

// The sweeps and their stopping tests. `residual()` returns the model's natural map of the current
// forces; `sweep(backward)` relaxes every contact once, in order or in reverse, and returns the sum
// of the squared changes of the forces. Both are the same on every rank that runs the loop.
// Stops at `tolerance` (converged), after max_sweeps (max_iterations), when a sweep moves nothing
// (stagnation) or on a value that is not finite (numerical_failure). With stop_when_out_of_reach,
// also (max_iterations) when the residual's decay over the last kNsgsReachWindow sweeps,
// extrapolated over the sweeps left, stays above the tolerance; judged from the second window on,
// since the first sweeps may raise the residual of a start they did not make.
BodySpaceNsgsResult run_nsgs_sweeps(const std::function<double()>& residual,
                                    const std::function<double(bool backward)>& sweep, double tolerance, int max_sweeps,
                                    bool stop_when_out_of_reach);

}  // namespace relcp::collision
