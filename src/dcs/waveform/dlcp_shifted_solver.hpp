#pragma once
// Solves (I - h A) x = b, the linear system of every implicit-Euler step of the DLCP methods
// ([PL] (1.4a), [GS] (1.10)). Small A is factored once (sparse LU); large sparse A (the
// Signorini problem on fine grids) goes through Tpetra and Belos (CG for symmetric A, GMRES
// otherwise), without a preconditioner: I - h A is well conditioned for the stable A of
// [PL] (2.1a) (its eigenvalues are 1 - h lambda with Re lambda < 0).

#include <memory>
#include <string>
#include <string_view>

#include "dcs/problems/dlcp_problem.hpp"
#include "dcs/types.hpp"

namespace relcp::dcs {

class ShiftedSystemSolver {
 public:
  virtual ~ShiftedSystemSolver() = default;
  virtual std::string_view name() const = 0;  // "direct", "cg" or "gmres"
  // Throws RunTimeFailure when an iterative solve does not reach its tolerance.
  virtual Vector solve(const Vector& b) const = 0;
  // All columns at once (Belos solves them as one pseudo-block system).
  virtual DenseMatrix solve(const DenseMatrix& b) const = 0;
  // Krylov iterations summed over all solves so far (0 for the direct solver).
  virtual long long iterations() const = 0;
};

enum class ShiftedSolverKind { automatic, direct, cg, gmres };

// "auto", "direct", "cg", "gmres". Throws InputError (key "linear_solver").
ShiftedSolverKind parse_shifted_solver_kind(std::string_view name);

struct ShiftedSolverSettings {
  ShiftedSolverKind kind = ShiftedSolverKind::automatic;
  // automatic: direct up to this many states, Belos above (CG when A is symmetric).
  Eigen::Index direct_limit = 4096;
  double krylov_tolerance = 1e-12;  // relative residual
  int krylov_max_iterations = 1000;
};

// Throws InputError (key "linear_solver") for CG with a non-symmetric A, RunTimeFailure when
// I - h A is singular.
std::unique_ptr<ShiftedSystemSolver> make_shifted_solver(const RowSparseMatrix& A, double h,
                                                         const ShiftedSolverSettings& settings);

// I - h A.
RowSparseMatrix shifted_matrix(const RowSparseMatrix& A, double h);

}  // namespace relcp::dcs
