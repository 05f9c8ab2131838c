#include "collision/strategies/contact_resolver.hpp"

#include <mpi.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <iterator>
#include <string>
#include <utility>

#include "collision/assembly/body_mobility.hpp"
#include "collision/assembly/constant_vector.hpp"
#include "collision/assembly/monolayer_rows.hpp"
#include "collision/detection/line_contact_rows.hpp"
#include "collision/detection/pair_search_on_device.hpp"
#include "collision/device/cuda_backend.hpp"
#include "collision/linalg/distributed_vector_ops.hpp"
#include "collision/solvers/coulomb_fixed_point.hpp"
#include "collision/solvers/distributed_solver_registry.hpp"
#include "collision/strategies/body_state.hpp"
#include "collision/strategies/repeated_contact_margin.hpp"
#include "collision/strategies/strategy_registry.hpp"
#include "core/error.hpp"
#include "core/phase_timer.hpp"
#include "core/stopwatch.hpp"

namespace relcp::collision {
namespace {

// A ReLCP re-solve that returned its warm start is repeated at half the tolerance, at most three
// times (ContactResolver::resolve): a tenth made nsgs take 56,776 sweeps on a 3,375-sphere stack.
constexpr int kResolveTightenings = 3;
constexpr double kResolveTighteningFactor = 0.5;

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
void append_rows(DistributedConstraintMatrix& matrix, DistributedVector& constant, std::vector<ConstraintRecord> rows,
                 const DistributedVector& delta_velocity, const DistributedVector& free_velocity, double dt) {
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

// The step's LCP 0 <= gamma _|_ A gamma + c >= 0 as the strategy grows it: the rows D^T, the
// mobility M, A = scale D^T M D applied matrix-free, the free velocity V and c. Built in place:
// `op` keeps references to `matrix` and `mobility`.
struct StepLcp {
  // The first LCP: `rows` at C^k, c from V.
  StepLcp(const particles::ParticleStore& store, const ContactDynamics& dynamics, double op_scale,
          std::vector<ConstraintRecord> rows, double dt)
      : matrix(store.comm(), owned_ids(store)),
        mobility(body_mobility(store.owned(), dynamics)),
        op(matrix, mobility, op_scale),
        free_velocity(owned_velocities(store, matrix.body_layout())) {
    matrix.append(std::move(rows));
    constant = extend_constant_vector(matrix, nullptr, free_velocity, dt);
  }

  DistributedConstraintMatrix matrix;
  const BlockDiagonalMobility mobility;
  const ContactOperator op;
  const DistributedVector free_velocity;
  DistributedVector constant;  // on the constraint layout
};

}  // namespace

ContactResolver::ContactResolver(ContactSettings settings, ContactDynamics dynamics)
    : settings_(std::move(settings)), dynamics_(dynamics) {
  validate_contact_settings(settings_);
  strategy_ = make_contact_strategy(settings_);
  solver_ = make_distributed_solver(settings_.solver.name, settings_.solver.parameters);
  solver_options_ = contact_solver_options(settings_);
}

ContactStepReport ContactResolver::resolve(particles::ParticleStore& store, double dt, bool record_network) {
  const MPI_Comm comm = store.comm();
  const double search_buffer = settings_.strategy.search_buffer;
  ContactStepReport report;
  double detection = 0.0, assembly = 0.0, solve = 0.0;  // this rank's seconds

  // Detection at C^k: ghosts, pairs and walls of the first LCP.
  if (settings_.detection_backend == ComputeBackend::cuda && !device_separations_) {
    ensure_cuda_device(comm);
    device_separations_ = std::make_shared<device::DeviceSeparations>();
  }
  if (settings_.pair_search_backend == ComputeBackend::cuda && !device_pair_search_) {
    ensure_cuda_device(comm);
    device_pair_search_ = std::make_shared<device::DevicePairSearch>();
    pair_search_ = [search = device_pair_search_](std::span<const Vec3> positions, std::span<const double> radii,
                                                  std::span<const GlobalId> ids, std::size_t num_primary,
                                                  double buffer) {
      return close_pairs_on_device(*search, positions, radii, ids, num_primary, buffer);
    };
  }
  const particles::ClosePairSearch* pair_search = pair_search_ ? &pair_search_ : nullptr;
  const ContactScene start = timed(detection, [&] {
    const Stopwatch watch;
    sort_owned_by_id(store);
    store.exchange_ghosts(search_buffer);
    spdlog::debug("detection at the step's start: sort and ghosts {:.4f} s", watch.seconds());
    return detect_contacts(store, settings_.walls, search_buffer, search_buffer, device_separations_.get(),
                           pair_search);
  });

  // The first LCP: the strategy's rows at C^k, A = scale D^T M D, c from the free velocity V.
  const std::vector<geometry::Pose> base = owned_poses(store);
  const double op_scale = operator_scale(dynamics_, dt);
  const bool warm_first_solve = settings_.solver.warm_start_from_previous_step;
  const bool carrying = settings_.strategy.carried_rows && strategy_->max_solves() > 1;
  StepLcp problem = timed(assembly, [&] {
    std::vector<ConstraintRecord> rows = strategy_->rows_at_start(start);
    if (carrying) {
      carried_.follow_owners(store);
      rows = carried_.rows_with(std::move(rows), start);
    }
    if (strategy_->max_solves() > 1 &&
        line_contact_rows_wanted(settings_, sum_over_ranks(comm, static_cast<std::int64_t>(rows.size())))) {
      std::vector<ConstraintRecord> ends = line_contact_end_rows(start, rows, search_buffer);
      rows.insert(rows.end(), std::make_move_iterator(ends.begin()), std::make_move_iterator(ends.end()));
    }
    return StepLcp(store, dynamics_, op_scale, lcp_rows(std::move(rows), store.rank()), dt);
  });
  const bool friction = settings_.friction.any();
  DistributedVector warm;
  DistributedVector delta_velocity(problem.matrix.body_layout());  // dU = (scale / dt) M D gamma
  DistributedVector total_velocity(problem.matrix.body_layout());
  const DistributedVector first_guess = timed(assembly, [&] {
    if (carrying) return carried_.forces(problem.matrix);
    return warm_first_solve ? previous_forces_.warm_start(problem.matrix) : DistributedVector();
  });

  DistributedVector gamma(problem.matrix.constraint_layout());
  std::int64_t appended_rows = 0;  // by the last iteration
  const double repeated_margin =
      repeated_contact_margin(settings_.effective_solver_tolerance(), settings_.strategy.tolerance);
  for (int iteration = 0;; ++iteration) {
    // Solve, and the constraint velocity dU of the forces.
    const DistributedVector* guess = iteration > 0 ? &warm : (warm_first_solve || carrying ? &first_guess : nullptr);
    DistributedSolverResult result = timed(solve, [&] {
      const lcp::FrictionCones cones = friction ? friction_cones(problem.matrix.constraints()) : lcp::FrictionCones();
      double tolerance = settings_.effective_solver_tolerance();
      DistributedSolverResult solved = solve_lcp(problem.op, problem.constant, guess, iteration > 0, appended_rows,
                                                 friction ? &cones : nullptr, tolerance, store.rank());
      // A re-solve that returns its warm start leaves the trial where it was, and the strategy
      // would append the same rows again up to its cap: the new rows' gaps met the solver's
      // tolerance while their overlap did not meet the strategy's (docs/collision_strategies.md).
      for (int tightening = 0; iteration > 0 && solved.iterations == 0 && tightening < kResolveTightenings;
           ++tightening) {
        tolerance *= kResolveTighteningFactor;
        DistributedSolverResult tighter = solve_lcp(problem.op, problem.constant, guess, true, appended_rows,
                                                    friction ? &cones : nullptr, tolerance, store.rank());
        if (tighter.status != lcp::Status::converged) break;  // the first answer met the tolerance asked for
        solved = std::move(tighter);
      }
      return solved;
    });
    gamma = std::move(result.gamma);
    report.solver_iterations += result.iterations;
    report.factorizations += result.factorizations;
    report.relcp_iterations = iteration + 1;
    const double work = timed(solve, [&] {
      DistributedVector a_gamma(problem.matrix.constraint_layout());
      problem.op.apply(gamma, a_gamma);
      const double gamma_a_gamma = dot(gamma, a_gamma);
      problem.op.constraint_velocities(gamma, delta_velocity);
      scale(op_scale / dt, delta_velocity);
      return gamma_a_gamma;
    });
    report.work.push_back(work);
    if (observer_) observer_({iteration, problem.matrix, problem.constant, gamma, work});

    // The trial configuration C^k (+) dt (V + dU) and what the geometry says there; only
    // overlaps matter at a trial, so separations need be exact below zero only.
    const ContactScene trial = timed(detection, [&] {
      const Stopwatch watch;
      combine(1.0, problem.free_velocity, 1.0, delta_velocity, total_velocity);
      move_to_trial(store, base, total_velocity, dt, search_buffer);
      spdlog::debug("detection at a trial: the move {:.4f} s", watch.seconds());
      ContactScene scene =
          detect_contacts(store, settings_.walls, search_buffer, 0.0, device_separations_.get(), pair_search);
      report.max_overlap = max_over_ranks(comm, largest_true_overlap(scene));
      report.max_model_overlap = max_over_ranks(comm, strategy_->model_overlap(scene));
      return scene;
    });

    // The rows the strategy adds there; none ends the step.
    std::vector<ConstraintRecord> fresh =
        timed(assembly, [&] { return lcp_rows(strategy_->rows_at_trial(trial), store.rank()); });
    const std::int64_t new_rows =
        timed(assembly, [&] { return sum_over_ranks(comm, static_cast<std::int64_t>(fresh.size())); });
    if (store.rank() == 0) {
      spdlog::debug(
          "{} iteration {}: {} rows, {} {} iterations ({} operator applications), W = {:.12e}, {} new "
          "constraints, max overlap {:.3e}",
          strategy_->name(), iteration, problem.matrix.constraint_layout().global_size(), result.iterations,
          solver_->name(), result.operator_applications, work, new_rows, report.max_overlap);
    }
    if (new_rows == 0) break;
    appended_rows = new_rows;
    if (iteration + 1 >= strategy_->max_solves()) {
      report.capped = true;
      on_solve_cap(report, store.rank());
      break;
    }
    timed(assembly, [&] {
      const std::vector<ContactKey> earlier = contacts_appended_at_trials(problem.matrix.constraints());
      append_rows(problem.matrix, problem.constant, std::move(fresh), delta_velocity, problem.free_velocity, dt);
      lower_repeated_contacts(problem.matrix.constraints(), earlier, repeated_margin,
                              {problem.constant.local_data(), problem.constant.local_size()});
      warm = extend_with_zeros(gamma, problem.matrix.constraint_layout());
    });
  }

  // The rows that carry force, kept while the bodies are at the accepted trial (carried rows).
  if (carrying) {
    timed(assembly, [&] {
      DistributedVector gap(problem.matrix.constraint_layout());
      problem.op.apply(gamma, gap);
      axpy(1.0, problem.constant, gap);
      carried_.keep(problem.matrix, gamma, gap, store);
    });
  }
  // Accept: the bodies get the total velocity; their poses return to C^k for the integrator.
  accept_velocities(store, base, total_velocity);
  report.constraints = problem.matrix.global_constraint_count();
  if (warm_first_solve) previous_forces_ = PreviousStepForces(problem.matrix, gamma);
  if (record_network) report.network = contact_network(problem.matrix.constraints(), gamma);
  if (friction) {
    const lcp::FrictionCones cones = friction_cones(problem.matrix.constraints());
    DistributedVector g(problem.matrix.constraint_layout());
    problem.op.apply(gamma, g);
    axpy(1.0, problem.constant, g);
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

std::vector<ConstraintRecord> ContactResolver::lcp_rows(std::vector<ConstraintRecord> rows, int rank) const {
  if (dynamics_.monolayer) {
    if (const int turned = keep_pair_rows_in_plane(rows); turned > 0) {
      spdlog::warn(
          "rank {}: {} contact row(s) with a normal out of the monolayer's plane (bodies passed into each "
          "other) act in the plane",
          rank, turned);
    }
  }
  if (!settings_.friction.any()) return rows;
  return with_friction_rows(rows, settings_.friction.coefficients);
}

DistributedSolverResult ContactResolver::solve_lcp(const ContactOperator& op, const DistributedVector& constant,
                                                   const DistributedVector* guess, bool guess_extends_solution,
                                                   std::int64_t appended_rows, const lcp::FrictionCones* cones,
                                                   double tolerance, int rank) const {
  DistributedSolverOptions options = solver_options_;
  options.tolerance = tolerance;
  options.warm_start = guess;
  options.warm_start_extends_solution = guess_extends_solution;
  options.appended_rows = appended_rows;
  options.cones = cones;
  options.preconditioner = effective_preconditioner(settings_, cones != nullptr);
  // Recomputed per solve: each ReLCP iteration appends rows.
  const bool jacobi = options.preconditioner == DistributedPreconditioner::jacobi;
  DistributedVector diagonal = jacobi ? DistributedVector(op.layout()) : DistributedVector();
  if (jacobi) op.diagonal(diagonal);
  options.diagonal = jacobi ? &diagonal : nullptr;
  const bool exact_solver = distributed_solver(settings_.solver.name).capabilities.exact_coulomb;
  if (cones != nullptr && settings_.friction.model == FrictionModel::coulomb && !exact_solver) {
    const std::unique_ptr<DistributedLcpSolver> nsgs = make_distributed_solver("nsgs", settings_.solver.parameters);
    const CoulombRescue rescue{nsgs.get(), settings_.friction.max_coulomb_rescue_sweeps};
    CoulombSolve coulomb =
        solve_coulomb_fixed_point(*solver_, {op, constant}, options, settings_.friction.max_coulomb_iterations, rescue);
    if (coulomb.result.status == lcp::Status::numerical_failure) {
      throw RunTimeFailure("contact LCP: " + std::string(solver_->name()) + " failed (numerical_failure)");
    }
    if (coulomb.fell_back_to_ccp && rank == 0) {
      spdlog::warn(
          "friction: the Coulomb fixed point stalled or reached max_coulomb_iterations after {} CCP "
          "solves, and nsgs did not converge in max_coulomb_rescue_sweeps = {} sweeps from its forces; this "
          "LCP keeps the relaxed (ccp) forces (Coulomb residual {:.3e})",
          coulomb.fixed_point_passes, settings_.friction.max_coulomb_rescue_sweeps, coulomb.coulomb_residual);
    }
    if (coulomb.result.status != lcp::Status::converged && rank == 0) {
      spdlog::warn("contact LCP: {} stopped with status {} after {} iterations, residual {:.3e}", solver_->name(),
                   lcp::to_string(coulomb.result.status), coulomb.result.iterations, coulomb.result.residual);
    }
    return std::move(coulomb.result);
  }
  options.exact_coulomb = cones != nullptr && settings_.friction.model == FrictionModel::coulomb;
  DistributedSolverResult result = solver_->solve({op, constant}, options);
  if (result.status == lcp::Status::numerical_failure) {
    throw RunTimeFailure("contact LCP: " + std::string(solver_->name()) + " failed (" +
                         std::string(lcp::to_string(result.status)) + ")");
  }
  if (result.status != lcp::Status::converged && rank == 0) {
    spdlog::warn("contact LCP: {} stopped with status {} after {} iterations, residual {:.3e}", solver_->name(),
                 lcp::to_string(result.status), result.iterations, result.residual);
  }
  return result;
}

void ContactResolver::on_solve_cap(const ContactStepReport& report, int rank) const {
  const int cap = strategy_->max_solves();
  if (settings_.strategy.on_max_relcp_iterations == RelcpCapPolicy::fail) {
    throw RunTimeFailure("relcp: " + std::to_string(cap) + " iterations (max_relcp_iterations) left an overlap of " +
                         std::to_string(report.max_overlap));
  }
  if (rank == 0) {
    spdlog::warn("relcp: max_relcp_iterations = {} reached with overlap {:.3e}; accepting the trial", cap,
                 report.max_overlap);
  }
}

namespace {
constexpr std::int64_t kStateLayout = 1;  // of saved_state(); a new layout gets a new number
}  // namespace

std::vector<double> ContactResolver::saved_state() const {
  FlatStateWriter out;
  out.integer(kStateLayout);
  const std::vector<double> solver = solver_->saved_state();
  out.integer(static_cast<std::int64_t>(solver.size()));
  for (const double value : solver) out.number(value);
  previous_forces_.save(out);
  carried_.save(out);
  return out.take();
}

void ContactResolver::restore_state(const std::vector<double>& state) {
  if (state.empty()) return;  // a checkpoint written before the contact state was kept
  previous_forces_ = PreviousStepForces();
  carried_ = CarriedContacts();
  merge_state(state, true);
}

void ContactResolver::adopt_states(const std::vector<std::vector<double>>& states,
                                   std::span<const particles::Body> owned) {
  bool solver_read = false;
  for (const std::vector<double>& state : states) {
    if (state.empty()) continue;
    merge_state(state, !solver_read);
    solver_read = true;
  }
  const auto owned_here = [owned](GlobalId id) {
    const auto it = std::lower_bound(owned.begin(), owned.end(), id,
                                     [](const particles::Body& body, GlobalId key) { return body.id < key; });
    return it != owned.end() && it->id == id;
  };
  previous_forces_.keep_only(owned_here);
  carried_.keep_only(owned_here);
}

void ContactResolver::merge_state(const std::vector<double>& state, bool with_solver) {
  FlatStateReader in(state);
  if (in.integer() != kStateLayout) throw RunTimeFailure("contact state: written by another version of relcp");
  std::vector<double> solver(in.count());
  for (double& value : solver) value = in.number();
  if (with_solver) solver_->restore_state(solver);
  previous_forces_.merge(in);
  carried_.merge(in);
  if (!in.at_end()) throw RunTimeFailure("contact state: longer than this version writes");
}

}  // namespace relcp::collision
