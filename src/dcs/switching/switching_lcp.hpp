#pragma once
// The LCP at a switching point (Stewart 1996, eq. 13) and Step 5 of Algorithm 2: find the
// solutions of
//
//   N_alpha(I0, x) [z; mu~] - [0; e] = [w; beta] >= 0,  [z; mu~] >= 0,  complementary,
//
// with alpha making M + alpha e e^T entrywise positive, and take the new active set
// I^j = { i : z^j_i > 0 } (eq. 14) from one of them.

#include <vector>

#include "dcs/switching/active_set.hpp"
#include "dcs/switching/counted_system.hpp"
#include "dcs/types.hpp"
#include "lcp/problem.hpp"

namespace relcp::dcs {

// Which active set to take when the switching LCP has several solutions (Stewart: "choose p").
enum class SolutionChoice {
  fewest_modes,  // e.g. leave a repelling surface
  most_modes,    // e.g. stay on a repelling surface (then t* restarts revisit the choice)
};

struct SwitchingLcpOptions {
  // LCPs up to this size are solved for all their solutions by enumeration; larger ones by
  // lexicographic Lemke, which finds one (uniqueness is then assumed, see switching.md).
  int enumeration_limit = 20;
  double active_weight = 1e-10;  // z^j_i above this marks mode i of term j active
  double lcp_tolerance = 1e-10;  // natural-residual tolerance of the LCP solutions
  SolutionChoice choice = SolutionChoice::fewest_modes;
};

// LCP(N_alpha, [0; -e]) for the coupling matrix M over `active` (switching_matrix.hpp).
lcp::LcpProblem switching_lcp(const DenseMatrix& coupling, const ActiveSet& active);

// The solutions [z; mu~] of an LCP: all of them when its size is within the enumeration limit,
// otherwise the one lexicographic Lemke finds. Throws RunTimeFailure when none is found.
struct LcpSolutions {
  std::vector<Vector> solutions;
  bool complete = true;  // false when only Lemke's one solution is known
};
LcpSolutions solve_switching_lcp(const lcp::LcpProblem& problem, const SwitchingLcpOptions& options);

// Step 5 of Algorithm 2 at one state.
struct ActiveSetChoice {
  ActiveSet chosen;
  std::vector<ActiveSet> candidates;  // the distinct active sets of all solutions found
  // LCP(N_alpha(chosen), [0; -e]) has more than one solution: Algorithm 2 then sets a restart
  // time t* so that the choice is revisited.
  bool chosen_is_ambiguous = false;
  bool degenerate = false;  // some solution has z_i and w_i both ~0 (condition C' fails)
  int lcp_solves = 0;
};

// Solves the switching LCP over the candidate set `candidates` (I0, usually the eps-active
// set) at (t, x). With several solutions the one whose active set has the fewest (or most, see
// options.choice) modes is chosen, ties to the lexicographically smallest: a deterministic
// version of "choose p".
ActiveSetChoice choose_active_set(CountedSystem& system, const ActiveSet& candidates, double t, const Vector& x,
                                  const SwitchingLcpOptions& options);

}  // namespace relcp::dcs
