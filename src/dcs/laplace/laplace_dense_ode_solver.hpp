#pragma once
// The Laplace iteration's linear half for a general (small) A: the resolvents
// c_{p,j} (z_{p,j} I - A)^{-1} are formed once by LU factorization of every shifted matrix
// (J (P + 1) complex m x m systems), e^{A t_j} x0 by the matrix exponential.

#include <memory>

#include "dcs/laplace/laplace_ode_solver.hpp"

namespace relcp::dcs {

class DenseLaplaceOdeSolver final : public LaplaceOdeSolver {
 public:
  // Throws InputError (key "A") when the spectrum of A leaves the contour's sector.
  DenseLaplaceOdeSolver(const DlcpProblem& problem, const TimeGrid& grid, const HyperbolicContour& contour,
                        ComputeBackend backend);

  std::string_view name() const override { return "dense"; }
  void solve(const DenseMatrix& y, DenseMatrix& x, TimeSplit& split) override;

 private:
  RowSparseMatrix B_;
  DenseMatrix sampled_source_;  // f(t_l), m x (J + 1)
  DenseMatrix free_response_;   // e^{A t_j} x0, m x (J + 1)
  DenseMatrix sources_;
  DenseMatrix forced_;
  std::unique_ptr<DenseContourSums> sums_;
};

// Throws InputError (key "A") unless every eigenvalue lambda of A has Re lambda < 0 and
// |arg(-lambda)| < pi/2 - gamma, the hypothesis (2.1a) of [PL] that puts the spectrum inside
// the contour for every t.
void require_spectrum_in_sector(const DenseMatrix& A, const HyperbolicContourParameters& parameters);

}  // namespace relcp::dcs
