#pragma once
// One step's contact resolution on the distributed body store (Palmer et al. 2025, Sec. 3.1), the
// same loop for every strategy (contact_strategy.hpp): detect at C^k, assemble the strategy's
// rows, then solve, move to the trial configuration C^k (+) dt (V + dU), detect there, and
// append the rows the strategy asks for, until it asks for none or has had its solves.
// Warm-started re-solves keep old rows and their constant terms (append-only ReLCP).
// Walls (settings.walls) add one-sided rows for owned bodies near them (wall_constraints.hpp);
// a monolayer (dynamics.monolayer) projects the mobility so that dU is planar.
// Called after the owned bodies' velocities hold the contact-free velocity V (overdamped M F,
// inertial U^k + dt M^-1 F) and before the configuration update; on return they hold
// V + dU with dU the constraint velocity (overdamped M D gamma, inertial dt M^-1 D gamma).

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "collision/assembly/contact_dynamics.hpp"
#include "collision/assembly/contact_network.hpp"
#include "collision/assembly/contact_operator.hpp"
#include "collision/assembly/distributed_constraint_matrix.hpp"
#include "collision/assembly/previous_step_forces.hpp"
#include "collision/device/device_pair_search.hpp"
#include "collision/device/device_separations.hpp"
#include "collision/linalg/distributed_vector.hpp"
#include "collision/solvers/distributed_solver.hpp"
#include "collision/strategies/contact_settings.hpp"
#include "collision/strategies/contact_step_report.hpp"
#include "collision/strategies/carried_contacts.hpp"
#include "collision/strategies/contact_strategy.hpp"
#include "particles/particle_store.hpp"

namespace relcp::collision {

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
  void set_observer(std::function<void(const ContactIterationView&)> observer) { observer_ = std::move(observer); }

  // Collective. Rebuilds the ghosts of `store`. Throws RunTimeFailure when relcp reaches
  // max_relcp_iterations with overlap left under policy `fail`, or when the LCP solver fails.
  // `record_network`: fill ContactStepReport::network (snapshot steps).
  ContactStepReport resolve(particles::ParticleStore& store, double dt, bool record_network = false);

  // Local: what this rank carries from one step to the next (the solver's choice, the previous
  // step's forces, carried rows), as a flat array for checkpoints; and back. A restart on the
  // same rank count restores it, so that the run continues bit for bit (docs/output.md).
  std::vector<double> saved_state() const;
  // An empty state (an older checkpoint) leaves the resolver as new. Throws RunTimeFailure for
  // a state this version does not read.
  void restore_state(const std::vector<double>& state);
  // A restart on another rank count: `states` are the saved states of every rank of the run that
  // wrote the checkpoint. Keeps the previous forces and carried rows of the pairs whose body A
  // this rank owns now (`owned`, sorted by id) and the solver state of the writer's rank 0.
  // Throws RunTimeFailure as restore_state.
  void adopt_states(const std::vector<std::vector<double>>& states, std::span<const particles::Body> owned);
  // The carried rows this rank keeps for the next step (relcp_carried_rows).
  std::size_t carried_rows() const { return carried_.kept(); }

 private:
  // One LCP solve to `tolerance` from `guess` (may be null; `guess_extends_solution`: it solves the
  // LCP's earlier rows, and `appended_rows` were appended since; DistributedSolverOptions). Throws
  // RunTimeFailure on a numerical failure; warns on rank 0 when the solver stopped short of the
  // tolerance. With friction `cones` holds the rows' cones, and coulomb runs the fixed point of CCPs.
  DistributedSolverResult solve_lcp(const ContactOperator& op, const DistributedVector& constant,
                                    const DistributedVector* guess, bool guess_extends_solution,
                                    std::int64_t appended_rows, const lcp::FrictionCones* cones, double tolerance,
                                    int rank) const;
  // The strategy's normal rows as the LCP takes them: in a monolayer, acting in its plane
  // (monolayer_rows.hpp); with their tangent rows when friction is on.
  std::vector<ConstraintRecord> lcp_rows(std::vector<ConstraintRecord> rows, int rank) const;
  // Reads one saved state into this resolver's, adding to the previous forces and carried rows;
  // the solver's state only with `with_solver`.
  void merge_state(const std::vector<double>& state, bool with_solver);
  // Reached the strategy's last solve with rows left: warn, or throw under policy `fail`.
  void on_solve_cap(const ContactStepReport& report, int rank) const;

  ContactSettings settings_;
  ContactDynamics dynamics_;
  std::shared_ptr<const ContactStrategy> strategy_;
  std::shared_ptr<const DistributedLcpSolver> solver_;
  DistributedSolverOptions solver_options_;
  std::function<void(const ContactIterationView&)> observer_;
  PreviousStepForces previous_forces_;  // kept only with settings_.warm_start_from_previous_step
  CarriedContacts carried_;             // kept only with settings_.strategy.carried_rows
  // With detection_backend cuda: the device buffers of the separations, made at the first step.
  std::shared_ptr<device::DeviceSeparations> device_separations_;
  // With pair_search_backend cuda: the device's cell-list search, made at the first step.
  std::shared_ptr<device::DevicePairSearch> device_pair_search_;
  particles::ClosePairSearch pair_search_;
};

}  // namespace relcp::collision
