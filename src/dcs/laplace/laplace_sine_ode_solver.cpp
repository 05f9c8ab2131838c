#include "dcs/laplace/laplace_sine_ode_solver.hpp"

#include <cmath>
#include <utility>

#include "core/stopwatch.hpp"
#include "dcs/laplace/contour_tables.hpp"

namespace relcp::dcs {
namespace {

// Applies the transform to every column of `input` (in parallel when asked).
void transform_columns(const SineTransform& transform, const DenseMatrix& input, DenseMatrix& output,
                       bool parallel) {
  output.resize(input.rows(), input.cols());
  const Eigen::Index columns = input.cols();
#pragma omp parallel for schedule(static) if (parallel)
  for (Eigen::Index c = 0; c < columns; ++c) transform.apply(input.col(c).data(), output.col(c).data());
}

}  // namespace

SineLaplaceOdeSolver::SineLaplaceOdeSolver(const DlcpProblem& problem, const TimeGrid& grid,
                                           const HyperbolicContour& contour, ComputeBackend backend,
                                           const SeparableLaplacian& structure)
    : side_(structure.side),
      parallel_(backend != ComputeBackend::serial),
      line_(structure.side),
      plane_(structure.side, structure.side),
      B_(problem.B),
      x0_(problem.x0) {
  const Eigen::Index Q = side_;
  const Eigen::Index m = Q * Q;
  const Eigen::Index points = grid.points();

  DenseMatrix sampled(m, points);
  for (Eigen::Index l = 0; l < points; ++l) sampled.col(l) = problem.source(grid.t(l));
  const std::optional<Vector> profile = detect_block_profile(problem.B, side_);
  if (profile) {
    DenseMatrix coordinates(Q, points);
    structured_ = true;
    for (Eigen::Index l = 0; l < points && structured_; ++l) {
      const std::optional<Vector> c = block_profile_coordinates(sampled.col(l), *profile);
      if (c) coordinates.col(l) = *c;
      structured_ = c.has_value();
    }
    if (structured_) sampled = std::move(coordinates);
  }
  sampled_source_ = std::move(sampled);

  std::vector<double> line_eigenvalues(static_cast<std::size_t>(Q));
  for (int k = 0; k < side_; ++k) {
    line_eigenvalues[static_cast<std::size_t>(k)] = SineTransform::second_difference_eigenvalue(side_, k);
  }
  Vector spectral_profile;
  if (structured_) {
    spectral_profile.resize(Q);
    line_.apply(profile->data(), spectral_profile.data());
  }
  DiagonalModes modes;
  modes.eigenvalue.resize(static_cast<std::size_t>(m));
  modes.source.resize(static_cast<std::size_t>(m));
  modes.profile.resize(static_cast<std::size_t>(m));
  for (Eigen::Index k2 = 0; k2 < Q; ++k2) {
    for (Eigen::Index k1 = 0; k1 < Q; ++k1) {
      const auto k = static_cast<std::size_t>(k2 * Q + k1);
      modes.eigenvalue[k] = structure.scale * (line_eigenvalues[static_cast<std::size_t>(k1)] +
                                               line_eigenvalues[static_cast<std::size_t>(k2)]);
      modes.source[k] = structured_ ? k2 : static_cast<std::int64_t>(k);
      modes.profile[k] = structured_ ? spectral_profile[k1] : 1.0;
    }
  }

  // e^{A t_j} x0 = S diag(e^{lambda t_j}) S x0.
  Vector spectral_x0(m);
  plane_.apply(x0_.data(), spectral_x0.data());
  free_response_.resize(m, points);
  free_response_.col(0) = x0_;
#pragma omp parallel for schedule(static) if (parallel_)
  for (Eigen::Index j = 1; j < points; ++j) {
    Vector decayed(m);
    for (Eigen::Index k = 0; k < m; ++k) {
      decayed[k] = std::exp(modes.eigenvalue[static_cast<std::size_t>(k)] * grid.t(j)) * spectral_x0[k];
    }
    plane_.apply(decayed.data(), free_response_.col(j).data());
  }

  const ContourTables tables = make_contour_tables(contour, grid.h, static_cast<int>(grid.steps));
  const Eigen::Index r = structured_ ? Q : m;
  sums_ = make_diagonal_contour_sums(backend, tables, std::move(modes), r);
}

void SineLaplaceOdeSolver::solve(const DenseMatrix& y, DenseMatrix& x, TimeSplit& split) {
  Stopwatch watch;
  if (structured_) {
    sources_ = y + sampled_source_;
    transform_columns(line_, sources_, spectral_sources_, parallel_);
  } else {
    sources_ = B_ * y;
    sources_ += sampled_source_;
    transform_columns(plane_, sources_, spectral_sources_, parallel_);
  }
  split.linear_algebra += watch.seconds();
  const ContourSumTimes times = sums_->apply(spectral_sources_, spectral_states_);
  split.interpolation += times.convolution;
  split.linear_algebra += times.node_sums;
  split.transfer += times.transfer;

  watch.restart();
  transform_columns(plane_, spectral_states_, x, parallel_);
  x += free_response_;
  x.col(0) = x0_;
  split.linear_algebra += watch.seconds();
}

}  // namespace relcp::dcs
