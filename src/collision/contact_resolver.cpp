#include "collision/contact_resolver.hpp"

#include <mpi.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstddef>
#include <string>
#include <utility>

#include "collision/body_mobility.hpp"
#include "collision/constant_vector.hpp"
#include "collision/contact_operator.hpp"
#include "collision/distributed_solver.hpp"
#include "collision/distributed_vector_ops.hpp"
#include "collision/model_overlap.hpp"
#include "collision/pair_constraints.hpp"
#include "collision/wall_constraints.hpp"
#include "core/error.hpp"
#include "geometry/quaternion_kinematics.hpp"

namespace relcp::collision {
namespace {

std::vector<GlobalId> owned_ids(const particles::ParticleStore& store) {
  std::vector<GlobalId> ids;
  ids.reserve(store.owned().size());
  for (const auto& body : store.owned()) ids.push_back(body.id);
  return ids;
}

// The owned bodies' velocities [u, omega] in the body layout.
DistributedVector body_velocities(const particles::ParticleStore& store, const VectorLayout& layout) {
  DistributedVector v(layout);
  for (std::size_t b = 0; b < store.owned().size(); ++b) {
    for (int k = 0; k < 3; ++k) {
      v[6 * b + k] = store.owned()[b].velocity[k];
      v[6 * b + 3 + k] = store.owned()[b].angular_velocity[k];
    }
  }
  return v;
}

// Owned poses C^k (+) dt * velocity; the ghosts are rebuilt around the trial poses, so that
// pairs that come near only during the step are found (digest D7). A trial centre may lie
// outside its owner's region (or the periodic box) by up to its displacement; the pair's owner
// sees the partner only if the halo grows by that much.
void move_to_trial(particles::ParticleStore& store, const std::vector<geometry::Pose>& base,
                   const DistributedVector& velocity, double dt, double search_buffer) {
  auto& owned = store.owned();
  double displacement = 0.0;
  for (std::size_t b = 0; b < owned.size(); ++b) {
    const Vec3 u(velocity[6 * b], velocity[6 * b + 1], velocity[6 * b + 2]);
    const Vec3 w(velocity[6 * b + 3], velocity[6 * b + 4], velocity[6 * b + 5]);
    owned[b].pose = geometry::advance_pose(base[b], u, w, dt);
    displacement = std::max(displacement, (owned[b].pose.position - base[b].position).norm());
  }
  double margin = displacement;
  MPI_Allreduce(&displacement, &margin, 1, MPI_DOUBLE, MPI_MAX, store.comm());
  const particles::Domain& domain = store.domain();
  if (domain.any_periodic()) {  // the halo may not exceed half a period (GhostExchange)
    const double halo = search_buffer + 2.0 * store.global_max_bounding_radius();
    for (int axis = 0; axis < 3; ++axis) {
      if (domain.periodic[axis]) margin = std::min(margin, 0.5 * domain.length(axis) - halo);
    }
    margin = std::max(margin, 0.0);
  }
  store.exchange_ghosts(search_buffer, margin);
}

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

}  // namespace

ContactResolver::ContactResolver(ContactSettings settings, ContactDynamics dynamics)
    : settings_(std::move(settings)), dynamics_(dynamics) {
  (void)make_distributed_solver(settings_.solver);  // validates the name
  const bool jacobi = settings_.preconditioner == DistributedPreconditioner::jacobi;
  if (jacobi && (settings_.solver == "minmap" || settings_.solver == "alm")) {
    throw InputError("preconditioner",
                     "jacobi applies to the bbpgd, apgd and mprgp solvers, not " + settings_.solver);
  }
}

ContactStepReport ContactResolver::resolve(particles::ParticleStore& store, double dt, bool record_network) {
  const MPI_Comm comm = store.comm();
  ContactStepReport report;
  const bool relcp = settings_.strategy == ContactStrategyKind::relcp;

  // Detection at C^k: ghosts and the candidate pairs of the first LCP.
  double clock = MPI_Wtime();
  // The body layout is by increasing id; the store keeps that order only after a migration.
  auto by_id = [](const particles::Body& x, const particles::Body& y) { return x.id < y.id; };
  if (!std::is_sorted(store.owned().begin(), store.owned().end(), by_id)) {
    std::sort(store.owned().begin(), store.owned().end(), by_id);
  }
  store.exchange_ghosts(settings_.search_buffer);
  const std::vector<particles::CandidatePair> pairs =
      particles::find_candidate_pairs(store, settings_.search_buffer);
  std::vector<geometry::SignedSeparation> separations =
      pair_separations(pairs, store.owned(), store.ghosts(), settings_.search_buffer);
  double detection = MPI_Wtime() - clock;

  // Assembly of generation 0 and the constant vector.
  clock = MPI_Wtime();
  std::vector<geometry::Pose> base;
  base.reserve(store.owned().size());
  for (const auto& body : store.owned()) base.push_back(body.pose);
  DistributedConstraintMatrix matrix(comm, owned_ids(store));
  const BlockDiagonalMobility mobility = body_mobility(store.owned(), dynamics_);
  const double op_scale = operator_scale(dynamics_, dt);
  const ContactOperator op(matrix, mobility, op_scale);
  const DistributedVector free_velocity = body_velocities(store, matrix.body_layout());
  const bool multisphere = settings_.strategy == ContactStrategyKind::multisphere;
  std::vector<ConstraintRecord> rows =
      multisphere ? multisphere_constraints(pairs, store.owned(), store.ghosts(),
                                            settings_.multisphere_count, settings_.search_buffer)
                  : deepest_point_constraints(pairs, separations, store.owned(), store.ghosts(),
                                              settings_.search_buffer);
  std::vector<ConstraintRecord> wall_rows =
      multisphere ? multisphere_wall_constraints(store.owned(), settings_.walls,
                                                 settings_.multisphere_count, settings_.search_buffer)
                  : deepest_point_wall_constraints(
                        wall_contacts(store.owned(), settings_.walls, settings_.search_buffer),
                        store.owned(), settings_.search_buffer);
  rows.insert(rows.end(), wall_rows.begin(), wall_rows.end());
  matrix.append(std::move(rows));
  DistributedVector constant = extend_constant_vector(matrix, nullptr, free_velocity, dt);
  const bool warm_first_solve = settings_.warm_start_from_previous_step;
  const DistributedVector first_guess =
      warm_first_solve ? previous_forces_.warm_start(matrix) : DistributedVector();
  double assembly = MPI_Wtime() - clock;

  const auto solver = make_distributed_solver(settings_.solver);
  DistributedSolverOptions options;
  options.tolerance = settings_.effective_solver_tolerance();
  options.max_iterations = settings_.max_solver_iterations;
  options.record_history = false;
  options.preconditioner = settings_.preconditioner;
  options.alm_penalty = settings_.alm_penalty;
  options.krylov = settings_.minmap_krylov;
  options.krylov_max_iterations = settings_.minmap_krylov_iterations;
  options.minmap_regularization = settings_.minmap_regularization;
  const bool jacobi = settings_.preconditioner == DistributedPreconditioner::jacobi;

  DistributedVector gamma(matrix.constraint_layout());
  DistributedVector warm;
  DistributedVector delta_velocity(matrix.body_layout());  // dU = (scale / dt) M D gamma
  DistributedVector total_velocity(matrix.body_layout());
  double solve = 0.0;
  const int cap = relcp ? std::max(1, settings_.max_relcp_iterations) : 1;
  for (int iteration = 0;; ++iteration) {
    clock = MPI_Wtime();
    options.warm_start = iteration > 0 ? &warm : (warm_first_solve ? &first_guess : nullptr);
    // Recomputed per solve: each ReLCP iteration appends rows.
    DistributedVector diagonal = jacobi ? DistributedVector(matrix.constraint_layout())
                                        : DistributedVector();
    if (jacobi) op.diagonal(diagonal);
    options.diagonal = jacobi ? &diagonal : nullptr;
    DistributedSolverResult result = solver->solve({op, constant}, options);
    if (result.status == lcp::Status::numerical_failure) {
      throw RunTimeFailure("contact LCP: " + std::string(solver->name()) + " failed (" +
                           std::string(lcp::to_string(result.status)) + ")");
    }
    if (result.status != lcp::Status::converged && store.rank() == 0) {
      spdlog::warn("contact LCP: {} stopped with status {} after {} iterations, residual {:.3e}",
                   solver->name(), lcp::to_string(result.status), result.iterations, result.residual);
    }
    gamma = std::move(result.gamma);
    report.solver_iterations += result.iterations;
    report.lcp_solves = iteration + 1;
    DistributedVector a_gamma(matrix.constraint_layout());
    op.apply(gamma, a_gamma);
    const double work = dot(gamma, a_gamma);
    report.work.push_back(work);
    op.constraint_velocities(gamma, delta_velocity);
    scale(op_scale / dt, delta_velocity);
    solve += MPI_Wtime() - clock;
    if (observer_) observer_({iteration, matrix, constant, gamma, work});

    // The trial configuration C^k (+) dt (V + dU) and the true separations there.
    clock = MPI_Wtime();
    combine(1.0, free_velocity, 1.0, delta_velocity, total_velocity);
    move_to_trial(store, base, total_velocity, dt, settings_.search_buffer);
    const std::vector<particles::CandidatePair> trial_pairs =
        particles::find_candidate_pairs(store, settings_.search_buffer);
    // Only overlaps matter at a trial: the tolerance test and largest_overlap.
    separations = pair_separations(trial_pairs, store.owned(), store.ghosts(), 0.0);
    const std::vector<WallContact> trial_walls =
        wall_contacts(store.owned(), settings_.walls, settings_.search_buffer);
    report.max_overlap =
        max_over_ranks(comm, std::max(largest_overlap(separations), largest_wall_overlap(trial_walls)));
    report.max_model_overlap =
        settings_.strategy == ContactStrategyKind::multisphere
            ? max_over_ranks(comm, std::max(largest_multisphere_overlap(trial_pairs, store.owned(),
                                                                        store.ghosts(),
                                                                        settings_.multisphere_count),
                                            largest_multisphere_wall_overlap(
                                                store.owned(), settings_.walls,
                                                settings_.multisphere_count)))
            : report.max_overlap;
    detection += MPI_Wtime() - clock;
    if (!relcp) break;

    clock = MPI_Wtime();
    std::vector<ConstraintRecord> fresh = deepest_point_constraints(
        trial_pairs, separations, store.owned(), store.ghosts(), -settings_.tolerance);
    std::vector<ConstraintRecord> fresh_walls =
        deepest_point_wall_constraints(trial_walls, store.owned(), -settings_.tolerance);
    fresh.insert(fresh.end(), fresh_walls.begin(), fresh_walls.end());
    const std::int64_t new_rows = sum_over_ranks(comm, static_cast<std::int64_t>(fresh.size()));
    assembly += MPI_Wtime() - clock;
    if (store.rank() == 0) {
      spdlog::debug(
          "relcp iteration {}: {} rows, {} {} iterations, W = {:.12e}, {} new constraints, max "
          "overlap {:.3e}",
          iteration, matrix.constraint_layout().global_size(), result.iterations, solver->name(),
          work, new_rows, report.max_overlap);
    }
    if (new_rows == 0) break;
    if (iteration + 1 >= cap) {
      report.capped = true;
      if (settings_.on_max_relcp_iterations == RelcpCapPolicy::fail) {
        throw RunTimeFailure("relcp: " + std::to_string(cap) +
                             " iterations (max_relcp_iterations) left an overlap of " +
                             std::to_string(report.max_overlap));
      }
      if (store.rank() == 0) {
        spdlog::warn("relcp: max_relcp_iterations = {} reached with overlap {:.3e}; accepting the trial",
                     cap, report.max_overlap);
      }
      break;
    }
    clock = MPI_Wtime();
    matrix.append(std::move(fresh));
    // New rows: c = phi(C_j) - dt d^T dU_{j-1}, the pull-back to the contact-free motion.
    DistributedVector minus_delta = delta_velocity.clone();
    scale(-1.0, minus_delta);
    DistributedVector extended = extend_constant_vector(matrix, &constant, minus_delta, dt);
    constant.swap(extended);
    warm = extend_with_zeros(gamma, matrix.constraint_layout());
    assembly += MPI_Wtime() - clock;
  }

  // Accept: the bodies get the total velocity; their poses return to C^k for the integrator.
  auto& owned = store.owned();
  for (std::size_t b = 0; b < owned.size(); ++b) {
    owned[b].pose = base[b];
    owned[b].velocity = Vec3(total_velocity[6 * b], total_velocity[6 * b + 1], total_velocity[6 * b + 2]);
    owned[b].angular_velocity =
        Vec3(total_velocity[6 * b + 3], total_velocity[6 * b + 4], total_velocity[6 * b + 5]);
  }
  store.refresh_ghosts();
  report.constraints = matrix.global_constraint_count();
  if (warm_first_solve) previous_forces_ = PreviousStepForces(matrix, gamma);
  if (record_network) report.network = contact_network(matrix.constraints(), gamma);
  report.detection_seconds = max_over_ranks(comm, detection);
  report.assembly_seconds = max_over_ranks(comm, assembly);
  report.solve_seconds = max_over_ranks(comm, solve);
  return report;
}

}  // namespace relcp::collision
