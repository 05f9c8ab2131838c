#include "collision/body_space/mumps_symmetric_solver.hpp"

#include <dmumps_c.h>

#include <algorithm>
#include <stdexcept>

namespace relcp::collision {
namespace {

constexpr int kInitialize = -1;
constexpr int kTerminate = -2;
constexpr int kAnalyse = 1;
constexpr int kFactorize = 2;
constexpr int kSolve = 3;
constexpr int kSymmetricPositiveDefinite = 1;
// MUMPS reports a too small workspace (INFOG(1) = -8, -9) when the pivots or the fill exceed the
// analysis' estimate; the estimate's relaxation (ICNTL(14), per cent) is then doubled.
constexpr int kRelaxationRetries = 3;

// ICNTL(i) in MUMPS' 1-based numbering.
MUMPS_INT& icntl(DMUMPS_STRUC_C& id, int i) { return id.icntl[i - 1]; }
MUMPS_INT infog(const DMUMPS_STRUC_C& id, int i) { return id.infog[i - 1]; }

}  // namespace

struct MumpsSymmetricSolver::Instance {
  DMUMPS_STRUC_C id{};
  std::vector<MUMPS_INT> rhs_indices, solution_indices;
  std::vector<double> rhs, solution;
};

MumpsSymmetricSolver::MumpsSymmetricSolver(MPI_Comm comm, int order, std::vector<int> rows, std::vector<int> columns)
    : mumps_(std::make_unique<Instance>()), rows_(std::move(rows)), columns_(std::move(columns)) {
  if (rows_.size() != columns_.size()) {
    throw std::invalid_argument("MUMPS: rows and columns differ in length");
  }
  for (int& row : rows_) ++row;
  for (int& column : columns_) ++column;
  DMUMPS_STRUC_C& id = mumps_->id;
  id.comm_fortran = static_cast<MUMPS_INT>(MPI_Comm_c2f(comm));
  id.par = 1;  // rank 0 works too
  id.sym = kSymmetricPositiveDefinite;
  if (!run(kInitialize, "initialization")) throw std::runtime_error(last_error_);
  icntl(id, 1) = -1;  // no error, diagnostic or global output
  icntl(id, 2) = -1;
  icntl(id, 3) = -1;
  icntl(id, 4) = 0;
  icntl(id, 5) = 0;    // assembled
  icntl(id, 18) = 3;   // distributed entries
  icntl(id, 20) = 10;  // distributed right-hand side
  icntl(id, 21) = 1;   // distributed solution
  id.n = order;
  id.nnz_loc = static_cast<MUMPS_INT8>(rows_.size());
  id.irn_loc = rows_.data();
  id.jcn_loc = columns_.data();
}

MumpsSymmetricSolver::~MumpsSymmetricSolver() { run(kTerminate, "termination"); }

bool MumpsSymmetricSolver::run(int job, const char* phase) {
  DMUMPS_STRUC_C& id = mumps_->id;
  id.job = job;
  dmumps_c(&id);
  if (infog(id, 1) >= 0) return true;
  last_error_ = std::string("MUMPS ") + phase + " failed: INFOG(1) = " + std::to_string(infog(id, 1)) +
                ", INFOG(2) = " + std::to_string(infog(id, 2));
  return false;
}

bool MumpsSymmetricSolver::factorize(const std::vector<double>& values) {
  if (values.size() != rows_.size()) throw std::invalid_argument("MUMPS: one value per entry");
  values_ = values;
  DMUMPS_STRUC_C& id = mumps_->id;
  id.a_loc = values_.data();
  if (!analysed_) {
    if (!run(kAnalyse, "analysis")) return false;
    analysed_ = true;
  }
  for (int attempt = 0;; ++attempt) {
    if (run(kFactorize, "factorization")) break;
    const bool workspace = infog(id, 1) == -8 || infog(id, 1) == -9;
    if (!workspace || attempt == kRelaxationRetries) return false;
    icntl(id, 14) *= 2;
  }
  const auto held = static_cast<std::size_t>(id.info[22]);  // INFO(23): solution entries here
  mumps_->solution.assign(std::max<std::size_t>(1, held), 0.0);
  mumps_->solution_indices.assign(mumps_->solution.size(), 0);
  id.lsol_loc = static_cast<MUMPS_INT>(mumps_->solution.size());
  id.sol_loc = mumps_->solution.data();
  id.isol_loc = mumps_->solution_indices.data();
  return true;
}

bool MumpsSymmetricSolver::solve(const std::vector<int>& rhs_indices, const std::vector<double>& rhs,
                                 std::vector<int>& solution_indices, std::vector<double>& solution) {
  if (rhs_indices.size() != rhs.size()) throw std::invalid_argument("MUMPS: one index per value");
  DMUMPS_STRUC_C& id = mumps_->id;
  mumps_->rhs_indices.assign(rhs_indices.begin(), rhs_indices.end());
  for (MUMPS_INT& index : mumps_->rhs_indices) ++index;
  mumps_->rhs = rhs;
  // MUMPS reads its arrays even when this rank supplies nothing: never hand it a null pointer.
  mumps_->rhs.resize(std::max<std::size_t>(1, rhs.size()));
  mumps_->rhs_indices.resize(mumps_->rhs.size(), 1);
  id.nrhs = 1;
  id.nloc_rhs = static_cast<MUMPS_INT>(rhs.size());
  id.lrhs_loc = std::max<MUMPS_INT>(1, id.nloc_rhs);
  id.rhs_loc = mumps_->rhs.data();
  id.irhs_loc = mumps_->rhs_indices.data();
  if (!run(kSolve, "solve")) return false;
  const auto held = static_cast<std::size_t>(id.info[22]);
  solution_indices.resize(held);
  for (std::size_t k = 0; k < solution_indices.size(); ++k) {
    solution_indices[k] = static_cast<int>(mumps_->solution_indices[k] - 1);
  }
  solution.assign(mumps_->solution.begin(), mumps_->solution.begin() + static_cast<long>(held));
  return true;
}

}  // namespace relcp::collision
