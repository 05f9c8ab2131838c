#pragma once
// Nonsmooth Gauss-Seidel with every rank sweeping its own rows (docs/friction.md, "nsgs on every
// rank"), instead of the whole LCP gathered on rank 0 (body_space_nsgs.hpp).
//
// Each rank keeps the velocities v = diag(mu) R^T gamma of its column bodies (owned and ghost) in
// body space (R = J Q, M_b = Q_b diag(mu_b) Q_b^T as in body_space_lcp.hpp, all six directions
// kept, the ghosts' Q_b and mu_b sent by their owners once per solve) and relaxes its contacts one
// after another, each against the current v (nsgs_contacts.hpp), updating v after each. Contacts
// whose bodies only this rank's rows touch ("interior") are relaxed by all ranks at once; the
// others ("shared") in one phase per colour of the ranks, no two neighbours sharing a colour
// (rank_colouring.hpp), so that a sweep is a Gauss-Seidel sweep in the order of the phases. After
// each phase the changes each rank made to its ghost bodies are summed into their owners (Tpetra
// Export, ADD) and the owners' velocities copied back to the ghosts (Import). Letting every rank
// sweep all its contacts at once (block Jacobi between ranks, as the parallel nonlinear
// Gauss-Seidel of Preclik and Ruede, Comput. Part. Mech. 2, 2015, reconciles its subdomains) was
// tried here and lost (docs/friction.md, "nsgs on every rank").

#include "collision/assembly/contact_operator.hpp"
#include "collision/body_space/nsgs_contacts.hpp"
#include "collision/linalg/distributed_vector.hpp"
#include "lcp/friction/friction_cone.hpp"

namespace relcp::collision {

// Collective. gamma (in/out, the operator's layout) starts the sweeps and ends as the answer; c is
// the LCP's constant, `cones` this rank's cones (local rows). The result is the same on every rank.
// Statuses and stop_when_out_of_reach: run_nsgs_sweeps (nsgs_contacts.hpp).
BodySpaceNsgsResult rank_block_nsgs(const ContactOperator& op, const DistributedVector& c,
                                    const lcp::FrictionCones& cones, ConeModel model, double tolerance, int max_sweeps,
                                    DistributedVector& gamma, bool stop_when_out_of_reach = false);

}  // namespace relcp::collision
