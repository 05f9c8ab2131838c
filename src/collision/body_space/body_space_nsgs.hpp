#pragma once
// Nonsmooth Gauss-Seidel on a contact LCP with friction cones, in body space (docs/friction.md,
// "nsgs"): the gathered problem A = s R diag(mu) R^T of body_space_lcp.hpp, swept one contact at a
// time with the others frozen (Jean and Moreau's NSGS, the default of Siconos and LMGC90), keeping
// the bodies' velocities v = diag(mu) R^T gamma up to date so that a contact's gap
// g_i = s R_i v + c_i costs one pass over its rows. The local problems, the sweep order and the
// stopping tests are nsgs_contacts.hpp's; rank_block_nsgs.hpp sweeps each rank's own rows instead.

#include <Eigen/Core>

#include "collision/body_space/body_space_lcp.hpp"
#include "collision/body_space/nsgs_contacts.hpp"
#include "lcp/friction/friction_cone.hpp"

namespace relcp::collision {

// gamma (in/out, global rows) starts the sweeps and ends as the answer. `cones` lists the global
// rows' cones. Statuses and stop_when_out_of_reach: run_nsgs_sweeps (nsgs_contacts.hpp).
BodySpaceNsgsResult body_space_nsgs(const BodySpaceLcp& lcp, const Eigen::VectorXd& c, const lcp::FrictionCones& cones,
                                    ConeModel model, double tolerance, int max_sweeps, Eigen::VectorXd& gamma,
                                    bool stop_when_out_of_reach = false);

}  // namespace relcp::collision
