#pragma once
// Projected Gauss-Seidel and projected SOR (Erleben 2013, sections 5.2-5.3): in-place sweeps
// over the sparse rows of M, O(nnz) per sweep. The solvers are created by make_pgs_solver and
// make_psor_solver (solver_factories.hpp); the single update and the sweep are exposed so that
// their invariants can be tested directly.
//
// Solver behaviour: a non-positive or non-finite diagonal entry gives Status::unsupported before
// any sweep. After each sweep the merit z^T |Mz + q| (Erleben eq. 106) is recorded and the
// natural residual tested; a sweep that moves no entry by more than 1e-15 max(1, ||z||_inf)
// ends with Status::stagnation, as does a relative merit change below
// options.relative_tolerance. Default cap: 1000 sweeps.

#include "lcp/types.hpp"

namespace relcp::lcp {

// z_i <- max(0, z_i - relaxation (Mz + q)_i / M_ii) in place (Erleben eq. 59; PGS when
// relaxation = 1). Returns the change of z_i. For symmetric positive semidefinite M and
// relaxation in (0, 2) it never increases f(z) = z^T M z / 2 + q^T z.
double projected_sor_update(const SparseMatrix& M, const Vector& q, double diagonal_i, double relaxation, Index i,
                            Vector& z);

// One in-place sweep i = 0, ..., n-1 of projected_sor_update; returns max_i |change of z_i|.
double projected_sor_sweep(const SparseMatrix& M, const Vector& q, const Vector& diagonal, double relaxation,
                           Vector& z);

}  // namespace relcp::lcp
