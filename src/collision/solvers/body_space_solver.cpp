#include "collision/solvers/body_space_solver.hpp"

#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "collision/assembly/contact_operator.hpp"
#include "collision/body_space/body_space_lcp.hpp"
#include "collision/body_space/cholmod_newton_factorization.hpp"
#include "collision/body_space/distributed_body_space.hpp"
#include "collision/body_space/newton_system.hpp"
#include "collision/body_space/serial_body_space.hpp"
#include "collision/linalg/distributed_vector_ops.hpp"
#include "collision/linalg/tpetra_vector_space.hpp"
#include "collision/solvers/distributed_solver_support.hpp"
#include "core/stopwatch.hpp"
#include "lcp/projection/projected_gradient_policies.hpp"

namespace relcp::collision {
namespace {

Eigen::VectorXd local_values(const DistributedVector& x) {
  return Eigen::Map<const Eigen::VectorXd>(x.local_data(), static_cast<Eigen::Index>(x.local_size()));
}

// Whether row a of `left` and row b of `right` hold the same entries.
bool same_row(const Eigen::SparseMatrix<double, Eigen::RowMajor>& left, Eigen::Index a,
              const Eigen::SparseMatrix<double, Eigen::RowMajor>& right, Eigen::Index b) {
  using Row = Eigen::SparseMatrix<double, Eigen::RowMajor>::InnerIterator;
  Row x(left, a), y(right, b);
  for (; x && y; ++x, ++y) {
    if (x.col() != y.col() || x.value() != y.value()) return false;
  }
  return !x && !y;
}

}  // namespace

// The method every rank steps together: on the distributed body space (MUMPS or substructured
// CHOLMOD), or on rank 0 alone with the LCP gathered there (CHOLMOD), the other ranks waiting for
// its outcome.
class BodySpaceMethodRun {
 public:
  // `previous` (nullptr, or the same on every rank): an earlier run of the same step, whose
  // gathered rows this one's gathering extends where it can.
  BodySpaceMethodRun(const ContactOperator& contact, const DistributedVector& c, const DistributedVector& gamma,
                     AlmFactorization where, const BodySpaceMethodFactory& make_method,
                     const BodySpaceMethodRun* previous, FillOrderingMemory* ordering)
      : comm_(c.layout().comm()), where_(where), gathered_(where == AlmFactorization::gathered) {
    if (!gathered_) {
      const DistributedFactorization factorization = where == AlmFactorization::substructured
                                                         ? DistributedFactorization::substructured
                                                         : DistributedFactorization::mumps;
      std::unique_ptr<BodySpace> space = make_distributed_body_space(contact, factorization);
      distributed_space_ = space.get();
      method_ = make_method(std::move(space), local_values(c), local_values(gamma));
      return;
    }
    const bool previous_gathered = previous != nullptr && previous->gathered_;  // the same on every rank
    gathering_ =
        std::make_unique<GrowingBodySpaceLcp>(contact, previous_gathered ? previous->gathering_.get() : nullptr);
    Eigen::VectorXd root_c = gather_to_root(c);
    Eigen::VectorXd start = gather_to_root(gamma);
    int rank = 0;
    MPI_Comm_rank(comm_, &rank);
    if (rank == 0) {
      method_ = make_method(std::make_unique<SerialBodySpace>(gathering_->lcp(), ordering), std::move(root_c),
                            std::move(start));
    }
  }

  BodySpaceStep step() {
    if (!gathered_) return method_->step();
    int outcome = method_ != nullptr ? static_cast<int>(method_->step()) : 0;
    MPI_Bcast(&outcome, 1, MPI_INT, 0, comm_);
    return static_cast<BodySpaceStep>(outcome);
  }

  // The method's factorizations so far, on every rank. Collective.
  int factorizations() const {
    int count = method_ != nullptr ? method_->newton_system().factorizations() : 0;
    if (gathered_) MPI_Bcast(&count, 1, MPI_INT, 0, comm_);
    return count;
  }

  bool gathered() const { return gathered_; }
  // Whether a later solve of the step can continue from this one (continue_from): gathered, or
  // substructured (MUMPS' factorizations cannot be updated).
  bool continuable() const { return gathered_ || where_ == AlmFactorization::substructured; }
  void keep_only_what_continues() {
    if (method_ != nullptr) method_->keep_only_what_continues();
  }

  // Continues from `previous` (BodySpaceMethod::continue_from) where both are gathered, or both
  // substructured, and its LCP's rows are rows of this one, rank by rank in the same order (ReLCP
  // appends rows), with the same entries on the same directions. Before the first step; gathered,
  // rank 0 decides alone; substructured, every rank together.
  void continue_from(BodySpaceMethodRun& previous) {
    if (where_ != previous.where_) return;
    if (!gathered_) {
      continue_substructured(previous);
      return;
    }
    if (method_ == nullptr || previous.method_ == nullptr) return;
    const BodySpaceLcp& old_lcp = previous.gathering_->lcp();
    const BodySpaceLcp& lcp = gathering_->lcp();
    const std::vector<int>& old_rank_rows = previous.gathering_->rank_rows();
    const std::vector<int>& rank_rows = gathering_->rank_rows();
    if (old_lcp.jacobian.cols() != lcp.jacobian.cols() || old_lcp.scale != lcp.scale ||
        old_lcp.mobility.size() != lcp.mobility.size() || (old_lcp.mobility.array() != lcp.mobility.array()).any() ||
        old_rank_rows.size() != rank_rows.size()) {
      return;
    }
    std::vector<Eigen::Index> new_row;
    new_row.reserve(static_cast<std::size_t>(old_lcp.jacobian.rows()));
    Eigen::Index first = 0;
    for (std::size_t p = 0; p < rank_rows.size(); ++p) {
      if (old_rank_rows[p] > rank_rows[p]) return;
      for (int i = 0; i < old_rank_rows[p]; ++i) new_row.push_back(first + i);
      first += rank_rows[p];
    }
    // Rows gathered as copies of the previous ones need no comparison.
    if (!gathering_->grew_from(*previous.gathering_)) {
      for (Eigen::Index r = 0; r < old_lcp.jacobian.rows(); ++r) {
        if (!same_row(old_lcp.jacobian, r, lcp.jacobian, new_row[static_cast<std::size_t>(r)])) return;
      }
    }
    method_->continue_from(*previous.method_, new_row);
  }

  void continue_substructured(BodySpaceMethodRun& previous) {
    if (where_ != AlmFactorization::substructured) return;
    int extends = rows_extend(*previous.distributed_space_, *distributed_space_) ? 1 : 0;
    MPI_Allreduce(MPI_IN_PLACE, &extends, 1, MPI_INT, MPI_MIN, comm_);
    if (extends == 0) return;
    std::vector<Eigen::Index> new_row(static_cast<std::size_t>(previous.distributed_space_->local_rows()));
    std::iota(new_row.begin(), new_row.end(), Eigen::Index{0});
    method_->continue_from(*previous.method_, new_row);
  }

  void copy_multipliers(DistributedVector& gamma) const {
    if (gathered_) {
      scatter_from_root(method_ != nullptr ? method_->multipliers() : Eigen::VectorXd(), gamma);
      return;
    }
    const Eigen::VectorXd& local = method_->multipliers();
    std::copy(local.data(), local.data() + local.size(), gamma.local_data());
  }

 private:
  MPI_Comm comm_;
  AlmFactorization where_;
  bool gathered_;
  const BodySpace* distributed_space_ = nullptr;    // not gathered: the method's space
  std::unique_ptr<GrowingBodySpaceLcp> gathering_;  // gathered: the LCP on rank 0, which the serial space refers to
  std::unique_ptr<BodySpaceMethod> method_;
};

namespace {

template <class Residual>
DistributedSolverResult run(const Residual& residual, const ContactOperator& contact, const DistributedLcp& problem,
                            const DistributedSolverOptions& options, AlmFactorization factorization, int default_limit,
                            const BodySpaceMethodFactory& make_method, BodySpaceCarry* carry,
                            FillOrderingMemory* ordering) {
  const Stopwatch clock;
  DistributedSolverResult result;
  const int limit = iteration_limit(options, default_limit);
  const CountingOperator A(problem.A);
  const TpetraVectorSpace space(A, problem.c);
  DistributedVector gamma = starting_point(problem, options);
  DistributedVector w(gamma.layout()), work(gamma.layout());
  auto measure = [&] {
    A.apply(gamma, w);
    axpy(1.0, problem.c, w);
    return residual.merit(space, gamma, w, work);
  };
  result.residual = measure();

  // Built only when there is work (the residual is the same on every rank).
  if (carry != nullptr && !options.warm_start_extends_solution) carry->previous.reset();
  std::unique_ptr<BodySpaceMethodRun> method;
  if (result.residual > options.tolerance) {
    const AlmFactorization where =
        resolve_body_space_factorization(factorization, problem.A.layout().global_size(), problem.c.layout().comm());
    method = std::make_unique<BodySpaceMethodRun>(contact, problem.c, gamma, where, make_method,
                                                  carry != nullptr ? carry->previous.get() : nullptr, ordering);
    if (carry != nullptr && carry->previous != nullptr) {
      method->continue_from(*carry->previous);
      carry->previous.reset();
    }
  }

  while (true) {
    if (!std::isfinite(result.residual)) {
      result.status = lcp::Status::numerical_failure;
      break;
    }
    if (result.residual <= options.tolerance) {
      result.status = lcp::Status::converged;
      break;
    }
    if (result.iterations >= limit) {
      result.status = lcp::Status::max_iterations;
      break;
    }
    const BodySpaceStep outcome = method->step();
    if (outcome == BodySpaceStep::failed) {
      result.status = lcp::Status::numerical_failure;
      break;
    }
    if (outcome == BodySpaceStep::stalled) {
      result.status = lcp::Status::stagnation;
      break;
    }
    method->copy_multipliers(gamma);
    ++result.iterations;
    result.residual = measure();
    if (options.record_history) result.history.push_back(result.residual);
  }
  if (method != nullptr) result.factorizations = method->factorizations();
  result.natural_residual = natural_residual(DistributedLcp{A, problem.c}, gamma);
  result.operator_applications = A.applications();
  result.gamma = std::move(gamma);
  if (carry != nullptr && method != nullptr && method->continuable() && result.status == lcp::Status::converged) {
    method->keep_only_what_continues();
    carry->previous = std::move(method);
  }
  result.seconds = clock.seconds();
  return result;
}

}  // namespace

// Gathered while rank 0 can hold the LCP: MUMPS (distributed) lost to it by 2-2.4x. The
// substructured factorization, with the carry of ReLCP's re-solves like the gathered one, was even
// with it at 4,096 cells on two ranks and 13 % slower at 8,192 (docs/collision_alm.md, "The
// carry, substructured"), so it stays opt-in.
AlmFactorization resolve_body_space_factorization(AlmFactorization where, std::int64_t rows, MPI_Comm comm) {
  if (where != AlmFactorization::automatic) return where;
  int ranks = 1;
  MPI_Comm_size(comm, &ranks);
  return ranks == 1 || rows <= kAlmGatherRows ? AlmFactorization::gathered : AlmFactorization::distributed;
}

BodySpaceCarry::BodySpaceCarry() = default;
BodySpaceCarry::~BodySpaceCarry() = default;

DistributedSolverResult solve_in_body_space(const DistributedLcp& problem, const DistributedSolverOptions& options,
                                            AlmFactorization factorization, int default_limit, const char* name,
                                            const BodySpaceMethodFactory& make_method, BodySpaceCarry* carry,
                                            FillOrderingMemory* ordering) {
  validate_problem(problem, options);
  const auto* contact = dynamic_cast<const ContactOperator*>(&problem.A);
  if (contact == nullptr) {
    throw std::invalid_argument(std::string(name) + ": the operator must be a ContactOperator (it needs J and M)");
  }
  return with_residual(options, [&](const auto& residual) {
    return run(residual, *contact, problem, options, factorization, default_limit, make_method, carry, ordering);
  });
}

}  // namespace relcp::collision
