#include "dcs/laplace/laplace_sine_ode_solver.hpp"

#include <utility>

#include "core/stopwatch.hpp"

namespace relcp::dcs {
namespace {

// Applies the transform to every column of `input` (in parallel when asked).
void transform_columns(const SineTransform& transform, const DenseMatrix& input, DenseMatrix& output, bool parallel) {
  output.resize(input.rows(), input.cols());
  const Eigen::Index columns = input.cols();
#pragma omp parallel for schedule(static) if (parallel)
  for (Eigen::Index c = 0; c < columns; ++c) transform.apply(input.col(c).data(), output.col(c).data());
}

}  // namespace

SineLaplaceOdeSolver::SineLaplaceOdeSolver(const DlcpProblem& problem, const TimeGrid& grid,
                                           const HyperbolicContour& contour, ComputeBackend backend,
                                           const SeparableLaplacian& structure)
    : parallel_(backend != ComputeBackend::serial),
      setup_(make_sine_spectral_setup(problem, grid, contour, structure, parallel_)),
      line_(structure.side),
      plane_(structure.side, structure.side),
      B_(problem.B),
      x0_(problem.x0),
      sums_(make_diagonal_contour_sums(backend, setup_.tables, setup_.modes, setup_.source_size())) {}

void SineLaplaceOdeSolver::solve(const DenseMatrix& y, DenseMatrix& x, TimeSplit& split) {
  Stopwatch watch;
  if (setup_.structured) {
    sources_ = y + setup_.sampled_source;
    transform_columns(line_, sources_, spectral_sources_, parallel_);
  } else {
    sources_ = B_ * y;
    sources_ += setup_.sampled_source;
    transform_columns(plane_, sources_, spectral_sources_, parallel_);
  }
  split.linear_algebra += watch.seconds();
  const ContourSumTimes times = sums_->apply(spectral_sources_, spectral_states_);
  split.interpolation += times.convolution;
  split.linear_algebra += times.node_sums;
  split.transfer += times.transfer;

  watch.restart();
  transform_columns(plane_, spectral_states_, x, parallel_);
  x += setup_.free_response;
  x.col(0) = x0_;
  split.linear_algebra += watch.seconds();
}

}  // namespace relcp::dcs
