#include "collision/solvers/distributed_nsgs_solver.hpp"

#include <mpi.h>

#include <stdexcept>
#include <vector>

#include "collision/assembly/contact_operator.hpp"
#include "collision/body_space/body_space_lcp.hpp"
#include "collision/body_space/body_space_nsgs.hpp"
#include "collision/body_space/rank_block_nsgs.hpp"
#include "collision/linalg/distributed_vector_ops.hpp"
#include "collision/solvers/distributed_solver_support.hpp"
#include "core/stopwatch.hpp"
#include "lcp/friction/friction_cone.hpp"

namespace relcp::collision {
namespace {

constexpr int kDefaultSweeps = 100000;

// The cones of every rank's rows on rank 0, in global row order (empty elsewhere): each rank's
// blocks travel as (normal row, mu, rolling, spinning) with the rank's first global row added.
lcp::FrictionCones gather_cones(const lcp::FrictionCones* cones, const VectorLayout& layout) {
  const MPI_Comm comm = layout.comm();
  const double first_row = layout.local_size() > 0 ? static_cast<double>(layout.global_index(0)) : 0.0;
  std::vector<double> local;
  if (cones != nullptr) {
    for (const lcp::FrictionConeBlock& block : cones->blocks()) {
      local.insert(local.end(),
                   {first_row + static_cast<double>(block.normal_row), block.mu, block.rolling, block.spinning});
    }
  }
  int size = 1, rank = 0;
  MPI_Comm_size(comm, &size);
  MPI_Comm_rank(comm, &rank);
  const int count = static_cast<int>(local.size());
  std::vector<int> counts(static_cast<std::size_t>(size)), offsets(static_cast<std::size_t>(size));
  MPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, comm);
  int total = 0;
  for (int r = 0; r < size; ++r) {
    offsets[static_cast<std::size_t>(r)] = total;
    total += counts[static_cast<std::size_t>(r)];
  }
  std::vector<double> all(rank == 0 ? static_cast<std::size_t>(total) : 0);
  MPI_Gatherv(local.data(), count, MPI_DOUBLE, all.data(), counts.data(), offsets.data(), MPI_DOUBLE, 0, comm);
  if (rank != 0) return {};
  std::vector<lcp::FrictionConeBlock> blocks;
  for (std::size_t k = 0; k < all.size(); k += 4) {
    blocks.push_back({static_cast<std::size_t>(all[k]), all[k + 1], all[k + 2], all[k + 3]});
  }
  return lcp::FrictionCones(static_cast<std::size_t>(layout.global_size()), std::move(blocks));
}

// The sweeps on rank 0 over the gathered LCP; the outcome (and, when asked, its history) is shared
// with every rank, gamma scattered back.
BodySpaceNsgsResult gathered_nsgs(const ContactOperator& contact, const DistributedVector& c_local,
                                  const DistributedSolverOptions& options, ConeModel model, int max_sweeps,
                                  DistributedVector& gamma) {
  const MPI_Comm comm = c_local.layout().comm();
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  const BodySpaceLcp lcp = gather_body_space_lcp(contact);
  const lcp::FrictionCones cones = gather_cones(options.cones, c_local.layout());
  const Eigen::VectorXd c = gather_to_root(c_local);
  Eigen::VectorXd root_gamma = gather_to_root(gamma);
  BodySpaceNsgsResult outcome;
  if (rank == 0) {
    outcome = body_space_nsgs(lcp, c, cones, model, options.tolerance, max_sweeps, root_gamma,
                              options.stop_when_out_of_reach);
  }
  double shared[3] = {static_cast<double>(outcome.status), static_cast<double>(outcome.sweeps), outcome.residual};
  MPI_Bcast(shared, 3, MPI_DOUBLE, 0, comm);
  scatter_from_root(root_gamma, gamma);
  outcome.status = static_cast<lcp::Status>(static_cast<int>(shared[0]));
  outcome.sweeps = static_cast<int>(shared[1]);
  outcome.residual = shared[2];
  outcome.history.resize(static_cast<std::size_t>(outcome.sweeps));
  if (options.record_history && !outcome.history.empty()) {
    MPI_Bcast(outcome.history.data(), static_cast<int>(outcome.history.size()), MPI_DOUBLE, 0, comm);
  }
  return outcome;
}

}  // namespace

DistributedSolverResult DistributedNsgsSolver::solve(const DistributedLcp& problem,
                                                     const DistributedSolverOptions& options) const {
  validate_problem(problem, options);
  const auto* contact = dynamic_cast<const ContactOperator*>(&problem.A);
  if (contact == nullptr)
    throw std::invalid_argument("nsgs: the operator must be a ContactOperator (it needs J and M)");
  const Stopwatch clock;
  const ConeModel model = options.exact_coulomb ? ConeModel::exact_coulomb : ConeModel::ccp;

  DistributedVector gamma = starting_point(problem, options);
  const int max_sweeps = iteration_limit(options, kDefaultSweeps);
  BodySpaceNsgsResult outcome;
  if (parameters_.sweeps == NsgsSweeps::ranks) {
    const lcp::FrictionCones no_cones(problem.c.local_size(), {});
    outcome = rank_block_nsgs(*contact, problem.c, options.cones ? *options.cones : no_cones, model, options.tolerance,
                              max_sweeps, gamma, options.stop_when_out_of_reach);
  } else {
    outcome = gathered_nsgs(*contact, problem.c, options, model, max_sweeps, gamma);
  }
  DistributedSolverResult result;
  result.status = outcome.status;
  result.iterations = outcome.sweeps;
  result.residual = outcome.residual;
  if (options.record_history) result.history = std::move(outcome.history);
  result.natural_residual = natural_residual(problem, gamma);
  // A sweep passes over R twice, as one application of A does; the natural residual adds one.
  result.operator_applications = result.iterations + 1;
  result.gamma = std::move(gamma);
  result.seconds = clock.seconds();
  return result;
}

}  // namespace relcp::collision
