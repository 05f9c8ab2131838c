#include "dcs/laplace/laplace_sine_setup.hpp"

#include <cmath>
#include <optional>
#include <utility>

#include "dcs/laplace/sine_transform.hpp"

namespace relcp::dcs {
namespace {

// The source at every grid point; for B = I (x) u with every f(t_l) in its range, their
// coordinates c_l (B c_l = f(t_l)) and the profile u.
void sample_sources(const DlcpProblem& problem, const TimeGrid& grid, SineSpectralSetup& setup,
                    std::optional<Vector>& profile) {
  const Eigen::Index Q = setup.side;
  const Eigen::Index points = grid.points();
  DenseMatrix sampled(Q * Q, points);
  for (Eigen::Index l = 0; l < points; ++l) sampled.col(l) = problem.source(grid.t(l));
  profile = detect_block_profile(problem.B, setup.side);
  if (profile) {
    DenseMatrix coordinates(Q, points);
    setup.structured = true;
    for (Eigen::Index l = 0; l < points && setup.structured; ++l) {
      const std::optional<Vector> c = block_profile_coordinates(sampled.col(l), *profile);
      if (c) coordinates.col(l) = *c;
      setup.structured = c.has_value();
    }
    if (setup.structured) sampled = std::move(coordinates);
  }
  setup.sampled_source = std::move(sampled);
}

}  // namespace

DenseMatrix sine_matrix(int Q) {
  DenseMatrix S(Q, Q);
  const double scale = std::sqrt(2.0 / (Q + 1));
  const double pi = std::acos(-1.0);
  for (int k = 0; k < Q; ++k) {
    for (int i = 0; i < Q; ++i) S(k, i) = scale * std::sin(pi * (i + 1) * (k + 1) / (Q + 1));
  }
  return S;
}

SineSpectralSetup make_sine_spectral_setup(const DlcpProblem& problem, const TimeGrid& grid,
                                           const HyperbolicContour& contour, const SeparableLaplacian& structure,
                                           bool parallel, bool with_free_response) {
  SineSpectralSetup setup;
  setup.side = structure.side;
  const Eigen::Index Q = setup.side;
  const Eigen::Index m = Q * Q;
  const Eigen::Index points = grid.points();
  std::optional<Vector> profile;
  sample_sources(problem, grid, setup, profile);

  const SineTransform line(setup.side);
  const SineTransform plane(setup.side, setup.side);
  std::vector<double> line_eigenvalues(static_cast<std::size_t>(Q));
  for (int k = 0; k < setup.side; ++k) {
    line_eigenvalues[static_cast<std::size_t>(k)] = SineTransform::second_difference_eigenvalue(setup.side, k);
  }
  if (setup.structured) {
    setup.spectral_profile.resize(Q);
    line.apply(profile->data(), setup.spectral_profile.data());
  }
  DiagonalModes& modes = setup.modes;
  modes.eigenvalue.resize(static_cast<std::size_t>(m));
  modes.source.resize(static_cast<std::size_t>(m));
  modes.profile.resize(static_cast<std::size_t>(m));
  for (Eigen::Index k2 = 0; k2 < Q; ++k2) {
    for (Eigen::Index k1 = 0; k1 < Q; ++k1) {
      const auto k = static_cast<std::size_t>(k2 * Q + k1);
      modes.eigenvalue[k] = structure.scale * (line_eigenvalues[static_cast<std::size_t>(k1)] +
                                               line_eigenvalues[static_cast<std::size_t>(k2)]);
      modes.source[k] = setup.structured ? k2 : static_cast<std::int64_t>(k);
      modes.profile[k] = setup.structured ? setup.spectral_profile[k1] : 1.0;
    }
  }

  // e^{A t_j} x0 = S diag(e^{lambda t_j}) S x0.
  Vector& spectral_x0 = setup.spectral_x0;
  spectral_x0.resize(m);
  plane.apply(problem.x0.data(), spectral_x0.data());
  setup.tables = make_contour_tables(contour, grid.h, static_cast<int>(grid.steps));
  if (!with_free_response) return setup;
  setup.free_response.resize(m, points);
  setup.free_response.col(0) = problem.x0;
#pragma omp parallel for schedule(static) if (parallel)
  for (Eigen::Index j = 1; j < points; ++j) {
    Vector decayed(m);
    for (Eigen::Index k = 0; k < m; ++k) {
      decayed[k] = std::exp(modes.eigenvalue[static_cast<std::size_t>(k)] * grid.t(j)) * spectral_x0[k];
    }
    plane.apply(decayed.data(), setup.free_response.col(j).data());
  }
  return setup;
}

}  // namespace relcp::dcs
