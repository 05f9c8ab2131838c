#pragma once
// The Laplace iteration's linear half for A = scale (I (x) T + T (x) I), the 5-point Dirichlet
// Laplacian (laplace_structure.hpp), diagonalized by the orthonormal 2-D DST-I (FFTW):
// A = S diag(lambda) S with lambda_{k2,k1} = scale (mu_{k1} + mu_{k2}), mu_k = -4 sin^2(...).
// The node sums then divide by z_{p,j} - lambda (no factorizations to store), and
// x_j = S xhat_j + e^{A t_j} x0 costs one inverse 2-D transform per time point and iteration
// (the shifted solves of Wu & Chen 2017, eq. (2.17), summed over p in spectral space).
//
// When B = I (x) u and every f(t_l) lies in the range of B (the Signorini problem), the source
// at t_l is (I (x) u) c_l with c_l = y_l + s_l in R^Q: its spectral form is (S_Q c_l) (x) (S_Q u),
// so the convolutions run on Q-vectors instead of Q^2-vectors. Otherwise the full Q^2-vector
// source B y_l + f_l is transformed and convolved.

#include <memory>

#include "dcs/laplace/laplace_ode_solver.hpp"
#include "dcs/laplace/laplace_sine_setup.hpp"
#include "dcs/laplace/laplace_structure.hpp"
#include "dcs/laplace/sine_transform.hpp"

namespace relcp::dcs {

class SineLaplaceOdeSolver final : public LaplaceOdeSolver {
 public:
  SineLaplaceOdeSolver(const DlcpProblem& problem, const TimeGrid& grid, const HyperbolicContour& contour,
                       ComputeBackend backend, const SeparableLaplacian& structure);

  std::string_view name() const override { return "sine"; }
  void solve(const DenseMatrix& y, DenseMatrix& x, TimeSplit& split) override;

  // True when the sources are Q-vectors (B = I (x) u with f in its range).
  bool rank_structured() const { return setup_.structured; }

 private:
  bool parallel_;
  SineSpectralSetup setup_;
  SineTransform line_;
  SineTransform plane_;
  RowSparseMatrix B_;
  Vector x0_;
  DenseMatrix sources_;
  DenseMatrix spectral_sources_;
  DenseMatrix spectral_states_;
  std::unique_ptr<DiagonalContourSums> sums_;
};

}  // namespace relcp::dcs
