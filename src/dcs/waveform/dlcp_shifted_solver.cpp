#include "dcs/waveform/dlcp_shifted_solver.hpp"

#include <Eigen/SparseLU>
#include <algorithm>

#include "core/error.hpp"
#include "dcs/waveform/dlcp_belos_shifted_solver.hpp"

namespace relcp::dcs {
namespace {

class DirectShiftedSolver final : public ShiftedSystemSolver {
 public:
  explicit DirectShiftedSolver(const RowSparseMatrix& shifted) {
    const Eigen::SparseMatrix<double> column_major = shifted;
    lu_.compute(column_major);
    if (lu_.info() != Eigen::Success) {
      throw RunTimeFailure("I - h A is singular (sparse LU failed): choose another h");
    }
  }
  std::string_view name() const override { return "direct"; }
  Vector solve(const Vector& b) const override { return lu_.solve(b); }
  DenseMatrix solve(const DenseMatrix& b) const override { return lu_.solve(b); }
  long long iterations() const override { return 0; }

 private:
  Eigen::SparseLU<Eigen::SparseMatrix<double>> lu_;
};

bool is_symmetric(const RowSparseMatrix& A) {
  const RowSparseMatrix transpose = A.transpose();
  const RowSparseMatrix difference = A - transpose;
  const double scale = A.nonZeros() > 0 ? A.coeffs().cwiseAbs().maxCoeff() : 0.0;
  return difference.nonZeros() == 0 || difference.coeffs().cwiseAbs().maxCoeff() <= 1e-14 * std::max(1.0, scale);
}

}  // namespace

ShiftedSolverKind parse_shifted_solver_kind(std::string_view name) {
  if (name == "auto") return ShiftedSolverKind::automatic;
  if (name == "direct") return ShiftedSolverKind::direct;
  if (name == "cg") return ShiftedSolverKind::cg;
  if (name == "gmres") return ShiftedSolverKind::gmres;
  throw InputError("linear_solver",
                   "unknown linear solver '" + std::string(name) + "' (known: auto, direct, cg, gmres)");
}

RowSparseMatrix shifted_matrix(const RowSparseMatrix& A, double h) {
  RowSparseMatrix identity(A.rows(), A.cols());
  identity.setIdentity();
  RowSparseMatrix shifted = identity - h * A;
  shifted.makeCompressed();
  return shifted;
}

std::unique_ptr<ShiftedSystemSolver> make_shifted_solver(const RowSparseMatrix& A, double h,
                                                         const ShiftedSolverSettings& settings) {
  const RowSparseMatrix shifted = shifted_matrix(A, h);
  const bool symmetric = is_symmetric(A);
  ShiftedSolverKind kind = settings.kind;
  if (kind == ShiftedSolverKind::automatic) {
    kind = A.rows() <= settings.direct_limit ? ShiftedSolverKind::direct
           : symmetric                       ? ShiftedSolverKind::cg
                                             : ShiftedSolverKind::gmres;
  }
  if (kind == ShiftedSolverKind::direct) return std::make_unique<DirectShiftedSolver>(shifted);
  if (kind == ShiftedSolverKind::cg && !symmetric) {
    throw InputError("linear_solver", "cg needs a symmetric A; use gmres");
  }
  BelosSettings belos;
  belos.method = kind == ShiftedSolverKind::cg ? BelosMethod::cg : BelosMethod::gmres;
  belos.relative_tolerance = settings.krylov_tolerance;
  belos.max_iterations = settings.krylov_max_iterations;
  return make_belos_shifted_solver(shifted, belos);
}

}  // namespace relcp::dcs
