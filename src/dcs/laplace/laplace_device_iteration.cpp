#include "dcs/laplace/laplace_device_iteration.hpp"

#include "dcs/laplace/laplace_structure.hpp"

namespace relcp::dcs {

std::optional<SineSpectralSetup> device_laplace_setup(const DlcpProblem& problem, const TimeGrid& grid,
                                                      const HyperbolicContour& contour, const LaplaceOptions& options,
                                                      std::string_view backend) {
#if defined(RELCP_HAVE_CUDA)
  if (backend != "cuda" || options.reference || options.ode == LaplaceOdeKind::dense) return std::nullopt;
  const std::optional<SeparableLaplacian> laplacian = detect_separable_laplacian(problem.A);
  if (!laplacian) return std::nullopt;
  SineSpectralSetup setup = make_sine_spectral_setup(problem, grid, contour, *laplacian, true, false);
  if (!setup.structured || problem.constraint_size() != setup.side) return std::nullopt;
  return setup;
#else
  (void)problem, (void)grid, (void)contour, (void)options, (void)backend;
  return std::nullopt;
#endif
}

}  // namespace relcp::dcs
