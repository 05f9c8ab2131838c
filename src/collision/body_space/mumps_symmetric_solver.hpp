#pragma once
// A sparse symmetric positive definite matrix distributed over the ranks as triplets, factorized
// by MUMPS (Debian's libmumps-dev) in distributed assembled form: each rank hands in its own
// entries (any entries, duplicates summed), right-hand sides come distributed and solutions stay
// in MUMPS' distribution. The pattern is analysed once; each factorize() refills the values.

#include <mpi.h>

#include <memory>
#include <string>
#include <vector>

namespace relcp::collision {

class MumpsSymmetricSolver {
 public:
  // Collective. `order` is the global size; rows[k], columns[k] are the 0-based global indices of
  // this rank's k-th entry, in either triangle. Throws std::runtime_error when MUMPS cannot start.
  MumpsSymmetricSolver(MPI_Comm comm, int order, std::vector<int> rows, std::vector<int> columns);
  ~MumpsSymmetricSolver();
  MumpsSymmetricSolver(const MumpsSymmetricSolver&) = delete;
  MumpsSymmetricSolver& operator=(const MumpsSymmetricSolver&) = delete;

  // Collective. values[k] belongs to entry k. Analyses the pattern on the first call. False on
  // every rank when MUMPS reports an error (last_error() says which).
  bool factorize(const std::vector<double>& values);

  // Collective, after a successful factorize(). This rank supplies the right-hand side at the
  // 0-based global indices rhs_indices (every index on exactly one rank) and receives the
  // solution entries MUMPS keeps here: solution_indices (0-based) and their values. The
  // distribution of the solution is fixed by the factorization.
  bool solve(const std::vector<int>& rhs_indices, const std::vector<double>& rhs, std::vector<int>& solution_indices,
             std::vector<double>& solution);

  const std::string& last_error() const { return last_error_; }

 private:
  struct Instance;  // MUMPS' C structure, kept out of this header
  bool run(int job, const char* phase);

  std::unique_ptr<Instance> mumps_;
  std::vector<int> rows_, columns_;  // 1-based, as MUMPS wants them
  std::vector<double> values_;
  bool analysed_ = false;
  std::string last_error_;
};

}  // namespace relcp::collision
