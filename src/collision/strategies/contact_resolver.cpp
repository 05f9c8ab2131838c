#include "collision/strategies/contact_resolver.hpp"

#include <mpi.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <string>
#include <utility>

#include "collision/assembly/body_mobility.hpp"
#include "collision/assembly/constant_vector.hpp"
#include "collision/linalg/distributed_vector_ops.hpp"
#include "collision/solvers/coulomb_fixed_point.hpp"
#include "collision/strategies/body_state.hpp"
#include "core/error.hpp"

namespace relcp::collision {
namespace {

double max_over_ranks(MPI_Comm comm, double value) {
  double out = value;
  MPI_Allreduce(&value, &out, 1, MPI_DOUBLE, MPI_MAX, comm);
  return out;
}

std::int64_t sum_over_ranks(MPI_Comm comm, std::int64_t value) {
  std::int64_t out = value;
  MPI_Allreduce(&value, &out, 1, MPI_INT64_T, MPI_SUM, comm);
  return out;
}

// Appends `rows` with their constant terms c = phi(C_j) - dt d^T dU_{j-1}, the pull-back to the
// contact-free motion; the old rows keep theirs. A tangent row has no gap to pull back: its c is
// dt d^T V, the free motion's tangential slip, as in the first LCP.
void append_rows(DistributedConstraintMatrix& matrix, DistributedVector& constant,
                 std::vector<ConstraintRecord> rows, const DistributedVector& delta_velocity,
                 const DistributedVector& free_velocity, double dt) {
  const bool tangents = std::any_of(rows.begin(), rows.end(), [](const ConstraintRecord& r) { return !r.is_normal(); });
  matrix.append(std::move(rows));
  DistributedVector minus_delta = delta_velocity.clone();
  scale(-1.0, minus_delta);
  DistributedVector extended = extend_constant_vector(matrix, &constant, minus_delta, dt);
  // Collective: every rank multiplies when any has tangent rows.
  if (sum_over_ranks(matrix.constraint_layout().comm(), tangents ? 1 : 0) > 0) {
    DistributedVector free_slip(matrix.constraint_layout());
    matrix.multiply(free_velocity, free_slip);
    const ConstraintSet& set = matrix.constraints();
    for (std::size_t r = constant.local_size(); r < set.size(); ++r) {
      if (!set[r].is_normal()) extended[r] = dt * free_slip[r];
    }
  }
  constant.swap(extended);
}

}  // namespace

ContactResolver::ContactResolver(ContactSettings settings, ContactDynamics dynamics)
    : settings_(std::move(settings)), dynamics_(dynamics) {
  validate_solver_settings(settings_);
  strategy_ = make_contact_strategy(settings_);
  solver_ = make_distributed_solver(settings_.solver);
  solver_options_ = contact_solver_options(settings_);
}

ContactStepReport ContactResolver::resolve(particles::ParticleStore& store, double dt, bool record_network) {
  const MPI_Comm comm = store.comm();
  const double search_buffer = settings_.search_buffer;
  ContactStepReport report;
  double detection = 0.0, assembly = 0.0, solve = 0.0;  // this rank's seconds

  // Detection at C^k: ghosts, pairs and walls of the first LCP.
  double clock = MPI_Wtime();
  sort_owned_by_id(store);
  store.exchange_ghosts(search_buffer);
  const ContactScene start = detect_contacts(store, settings_.walls, search_buffer, search_buffer);
  detection += MPI_Wtime() - clock;

  // The first LCP: the strategy's rows at C^k, A = scale D^T M D, c from the free velocity V.
  clock = MPI_Wtime();
  const std::vector<geometry::Pose> base = owned_poses(store);
  DistributedConstraintMatrix matrix(comm, owned_ids(store));
  const BlockDiagonalMobility mobility = body_mobility(store.owned(), dynamics_);
  const double op_scale = operator_scale(dynamics_, dt);
  const ContactOperator op(matrix, mobility, op_scale);
  const DistributedVector free_velocity = owned_velocities(store, matrix.body_layout());
  matrix.append(with_friction(strategy_->rows_at_start(start)));
  DistributedVector constant = extend_constant_vector(matrix, nullptr, free_velocity, dt);
  const bool warm_first_solve = settings_.warm_start_from_previous_step;
  const DistributedVector first_guess =
      warm_first_solve ? previous_forces_.warm_start(matrix) : DistributedVector();
  assembly += MPI_Wtime() - clock;

  const bool friction = settings_.friction.any();
  DistributedVector gamma(matrix.constraint_layout());
  DistributedVector warm;
  DistributedVector delta_velocity(matrix.body_layout());  // dU = (scale / dt) M D gamma
  DistributedVector total_velocity(matrix.body_layout());
  for (int iteration = 0;; ++iteration) {
    // Solve, and the constraint velocity dU of the forces.
    clock = MPI_Wtime();
    const DistributedVector* guess = iteration > 0 ? &warm : (warm_first_solve ? &first_guess : nullptr);
    const lcp::FrictionCones cones = friction ? friction_cones(matrix.constraints()) : lcp::FrictionCones();
    DistributedSolverResult result = solve_lcp(op, constant, guess, friction ? &cones : nullptr, store.rank());
    gamma = std::move(result.gamma);
    report.solver_iterations += result.iterations;
    report.relcp_iterations = iteration + 1;
    DistributedVector a_gamma(matrix.constraint_layout());
    op.apply(gamma, a_gamma);
    const double work = dot(gamma, a_gamma);
    report.work.push_back(work);
    op.constraint_velocities(gamma, delta_velocity);
    scale(op_scale / dt, delta_velocity);
    solve += MPI_Wtime() - clock;
    if (observer_) observer_({iteration, matrix, constant, gamma, work});

    // The trial configuration C^k (+) dt (V + dU) and what the geometry says there; only
    // overlaps matter at a trial, so separations need be exact below zero only.
    clock = MPI_Wtime();
    combine(1.0, free_velocity, 1.0, delta_velocity, total_velocity);
    move_to_trial(store, base, total_velocity, dt, search_buffer);
    const ContactScene trial = detect_contacts(store, settings_.walls, search_buffer, 0.0);
    report.max_overlap = max_over_ranks(comm, largest_true_overlap(trial));
    report.max_model_overlap = max_over_ranks(comm, strategy_->model_overlap(trial));
    detection += MPI_Wtime() - clock;

    // The rows the strategy adds there; none ends the step.
    clock = MPI_Wtime();
    std::vector<ConstraintRecord> fresh = with_friction(strategy_->rows_at_trial(trial));
    const std::int64_t new_rows = sum_over_ranks(comm, static_cast<std::int64_t>(fresh.size()));
    assembly += MPI_Wtime() - clock;
    if (store.rank() == 0) {
      spdlog::debug("{} iteration {}: {} rows, {} {} iterations, W = {:.12e}, {} new constraints, "
                    "max overlap {:.3e}",
                    strategy_->name(), iteration, matrix.constraint_layout().global_size(),
                    result.iterations, solver_->name(), work, new_rows, report.max_overlap);
    }
    if (new_rows == 0) break;
    if (iteration + 1 >= strategy_->max_solves()) {
      report.capped = true;
      on_solve_cap(report, store.rank());
      break;
    }
    clock = MPI_Wtime();
    append_rows(matrix, constant, std::move(fresh), delta_velocity, free_velocity, dt);
    warm = extend_with_zeros(gamma, matrix.constraint_layout());
    assembly += MPI_Wtime() - clock;
  }

  // Accept: the bodies get the total velocity; their poses return to C^k for the integrator.
  accept_velocities(store, base, total_velocity);
  report.constraints = matrix.global_constraint_count();
  if (warm_first_solve) previous_forces_ = PreviousStepForces(matrix, gamma);
  if (record_network) report.network = contact_network(matrix.constraints(), gamma);
  if (friction) {
    const lcp::FrictionCones cones = friction_cones(matrix.constraints());
    DistributedVector g(matrix.constraint_layout());
    op.apply(gamma, g);
    axpy(1.0, constant, g);
    const FrictionState state = friction_state(cones, gamma, g, settings_.effective_solver_tolerance());
    report.max_cone_violation = state.max_cone_violation;
    report.sticking_contacts = state.sticking;
    report.sliding_contacts = state.sliding;
  }
  report.detection_seconds = max_over_ranks(comm, detection);
  report.assembly_seconds = max_over_ranks(comm, assembly);
  report.solve_seconds = max_over_ranks(comm, solve);
  return report;
}

std::vector<ConstraintRecord> ContactResolver::with_friction(std::vector<ConstraintRecord> rows) const {
  if (!settings_.friction.any()) return rows;
  return with_friction_rows(rows, settings_.friction);
}

DistributedSolverResult ContactResolver::solve_lcp(const ContactOperator& op, const DistributedVector& constant,
                                                   const DistributedVector* guess, const lcp::FrictionCones* cones,
                                                   int rank) const {
  DistributedSolverOptions options = solver_options_;
  options.warm_start = guess;
  options.cones = cones;
  if (cones != nullptr && settings_.friction_model == FrictionModel::coulomb) {
    CoulombSolve coulomb = solve_coulomb_fixed_point(*solver_, {op, constant}, options, settings_.max_coulomb_iterations);
    if (coulomb.result.status == lcp::Status::numerical_failure) {
      throw RunTimeFailure("contact LCP: " + std::string(solver_->name()) + " failed (numerical_failure)");
    }
    if (coulomb.fell_back_to_ccp && rank == 0) {
      spdlog::warn("friction: the Coulomb fixed point stalled or reached max_coulomb_iterations after {} CCP "
                   "solves; this LCP keeps the relaxed (ccp) forces (Coulomb residual {:.3e})",
                   coulomb.ccp_solves - 1, coulomb.coulomb_residual);
    }
    if (coulomb.result.status != lcp::Status::converged && rank == 0) {
      spdlog::warn("contact LCP: {} stopped with status {} after {} iterations, residual {:.3e}", solver_->name(),
                   lcp::to_string(coulomb.result.status), coulomb.result.iterations, coulomb.result.residual);
    }
    return std::move(coulomb.result);
  }
  // Recomputed per solve: each ReLCP iteration appends rows.
  const bool jacobi = settings_.preconditioner == DistributedPreconditioner::jacobi;
  DistributedVector diagonal = jacobi ? DistributedVector(op.layout()) : DistributedVector();
  if (jacobi) op.diagonal(diagonal);
  options.diagonal = jacobi ? &diagonal : nullptr;
  DistributedSolverResult result = solver_->solve({op, constant}, options);
  if (result.status == lcp::Status::numerical_failure) {
    throw RunTimeFailure("contact LCP: " + std::string(solver_->name()) + " failed (" +
                         std::string(lcp::to_string(result.status)) + ")");
  }
  if (result.status != lcp::Status::converged && rank == 0) {
    spdlog::warn("contact LCP: {} stopped with status {} after {} iterations, residual {:.3e}",
                 solver_->name(), lcp::to_string(result.status), result.iterations, result.residual);
  }
  return result;
}

void ContactResolver::on_solve_cap(const ContactStepReport& report, int rank) const {
  const int cap = strategy_->max_solves();
  if (settings_.on_max_relcp_iterations == RelcpCapPolicy::fail) {
    throw RunTimeFailure("relcp: " + std::to_string(cap) +
                         " iterations (max_relcp_iterations) left an overlap of " +
                         std::to_string(report.max_overlap));
  }
  if (rank == 0) {
    spdlog::warn("relcp: max_relcp_iterations = {} reached with overlap {:.3e}; accepting the trial",
                 cap, report.max_overlap);
  }
}

}  // namespace relcp::collision
