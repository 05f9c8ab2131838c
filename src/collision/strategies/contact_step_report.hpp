#pragma once
// What one step's contact resolution did (ContactResolver::resolve), as the step loop hands it to
// stats.csv: each field that is a column there has the column's name (docs/output.md, stats.csv).

#include <cstdint>
#include <vector>

#include "collision/assembly/contact_network.hpp"

namespace relcp::collision {

// Totals over all ranks, equal on every rank, except `network`.
struct ContactStepReport {
  std::int64_t constraints = 0;        // final constraint count of the step
  std::int64_t relcp_iterations = 0;   // LCP solves of the step (1 for single and multisphere)
  std::int64_t solver_iterations = 0;  // LCP solver iterations, summed over the solves
  std::int64_t factorizations = 0;     // sparse factorizations of Newton matrices (alm, ip), summed
  double max_overlap = 0.0;            // true overlap over all near pairs at the final trial
  double max_model_overlap = 0.0;      // multisphere: between sub-spheres there; else max_overlap
  bool capped = false;                 // relcp stopped at max_relcp_iterations with overlap left
  std::vector<double> work;            // W_i = gamma_i^T A_i gamma_i after each solve
  double detection_seconds = 0.0;      // ghosts, pairs, separations (slowest rank)
  double assembly_seconds = 0.0;       // rows, D, c, mobility (slowest rank)
  double solve_seconds = 0.0;          // LCP solves (slowest rank)
  std::vector<ContactLink> network;    // this rank's rows (not a total), only when asked for
  // With friction (docs/friction.md), at the step's last solve:
  double max_cone_violation = 0.0;     // max(||f_t|| - mu f_n, 0)
  std::int64_t sticking_contacts = 0;  // loaded contacts whose tangential slip is below tolerance
  std::int64_t sliding_contacts = 0;   // loaded contacts that slip
};

}  // namespace relcp::collision
