#pragma once
// One step's contact resolution on the distributed body store (digest relcp.md 2.5-2.8):
//   single       one deepest-point constraint per near pair, one LCP;
//   multisphere  constraints between sub-spheres of different bodies, one LCP;
//   relcp        the append-only ReLCP: total forces as unknowns, old rows and their constant
//                terms never change, one new deepest-point constraint per pair whose true
//                separation at the trial configuration (rebuilt from C^k with the total
//                velocity) is below -tolerance, warm-started re-solves until no pair violates
//                the tolerance on any rank or max_relcp_iterations solves were made.
// Generation 0 comes from the candidate pairs at C^k; at every trial configuration the ghosts
// are rebuilt and the pairs searched again, so pairs that meet during the step are checked.
// Walls (settings.walls) add one-sided rows for owned bodies near them (wall_constraints.hpp);
// a monolayer (dynamics.monolayer) projects the mobility so that dU is planar.
// Called after the owned bodies' velocities hold the contact-free velocity V (overdamped M F,
// inertial U^k + dt M^-1 F) and before the configuration update; on return they hold
// V + dU with dU the constraint velocity (overdamped M D gamma, inertial dt M^-1 D gamma).

#include <cstdint>
#include <functional>
#include <vector>

#include "collision/contact_network.hpp"
#include "collision/contact_settings.hpp"
#include "collision/distributed_constraint_matrix.hpp"
#include "collision/distributed_vector.hpp"
#include "collision/previous_step_forces.hpp"
#include "particles/particle_store.hpp"

namespace relcp::collision {

// Totals over all ranks, equal on every rank.
struct ContactStepReport {
  std::int64_t constraints = 0;       // final constraint count of the step
  std::int64_t lcp_solves = 0;        // ReLCP iterations (1 for single and multisphere)
  std::int64_t solver_iterations = 0; // summed over the solves
  double max_overlap = 0.0;           // true overlap over all near pairs at the final trial
  double max_model_overlap = 0.0;     // multisphere: between sub-spheres there; else max_overlap
  bool capped = false;                // relcp stopped at max_relcp_iterations with overlap left
  std::vector<double> work;           // W_i = gamma_i^T A_i gamma_i after each solve
  double detection_seconds = 0.0;     // ghosts, pairs, separations (slowest rank)
  double assembly_seconds = 0.0;      // rows, D, c, mobility
  double solve_seconds = 0.0;         // LCP solves
  std::vector<ContactLink> network;   // this rank's rows (not a total), only when asked for
};

// What the resolver shows a test after every solve (collective order, all ranks).
struct ContactIterationView {
  int iteration = 0;
  const DistributedConstraintMatrix& matrix;
  const DistributedVector& constant;  // c on the constraint layout
  const DistributedVector& gamma;
  double work = 0.0;
};

class ContactResolver {
 public:
  // Throws InputError (key "solver") for an unknown solver name.
  ContactResolver(ContactSettings settings, ContactDynamics dynamics);

  const ContactSettings& settings() const { return settings_; }
  void set_observer(std::function<void(const ContactIterationView&)> observer) {
    observer_ = std::move(observer);
  }

  // Collective. Rebuilds the ghosts of `store`. Throws RunTimeFailure when relcp reaches
  // max_relcp_iterations with overlap left under policy `fail`, or when the LCP solver fails.
  // `record_network`: fill ContactStepReport::network (snapshot steps).
  ContactStepReport resolve(particles::ParticleStore& store, double dt, bool record_network = false);

 private:
  ContactSettings settings_;
  ContactDynamics dynamics_;
  std::function<void(const ContactIterationView&)> observer_;
  PreviousStepForces previous_forces_;  // kept only with settings_.warm_start_from_previous_step
};

}  // namespace relcp::collision
