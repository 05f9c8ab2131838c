#include "dcs/laplace/laplace_ode_solver.hpp"

#include <optional>

#include "core/error.hpp"
#include "dcs/laplace/laplace_dense_ode_solver.hpp"
#include "dcs/laplace/laplace_sine_ode_solver.hpp"
#include "dcs/laplace/laplace_structure.hpp"

namespace relcp::dcs {

std::unique_ptr<LaplaceOdeSolver> make_laplace_ode_solver(const DlcpProblem& problem, const TimeGrid& grid,
                                                          const HyperbolicContour& contour, ComputeBackend backend,
                                                          LaplaceOdeKind kind) {
  const std::optional<SeparableLaplacian> laplacian =
      kind == LaplaceOdeKind::dense ? std::nullopt : detect_separable_laplacian(problem.A);
  if (laplacian) return std::make_unique<SineLaplaceOdeSolver>(problem, grid, contour, backend, *laplacian);
  if (kind == LaplaceOdeKind::sine) {
    throw InputError("A",
                     "the sine-transform Laplace solver needs A = c (I (x) T + T (x) I), the 5-point "
                     "Dirichlet Laplacian on a square grid");
  }
  return std::make_unique<DenseLaplaceOdeSolver>(problem, grid, contour, backend);
}

}  // namespace relcp::dcs
