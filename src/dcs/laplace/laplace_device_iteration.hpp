#pragma once
// The Laplace iteration with all of its iterations on the GPU (cuda back end, sine-transform
// linear half with Q-vector sources: the Signorini problem). The host-driven iteration
// (laplace_iteration.cpp) copies the LCP batch and the Q^2 x (J + 1) spectral states across the
// bus and runs both 2-D sine transforms per time point on the CPU every iteration; here the
// states, the LCP batch and the sources stay on the device, the sine transforms are batched
// matrix products (S_Q xhat_j S_Q), and one iteration copies back 24 bytes (the change, the LCP
// failures and iterations). The trajectory is copied back once at the end. Same iteration, same
// stopping rule; results agree with the host-driven one to rounding (FMA contraction).

#include <optional>

#include "dcs/batched/lcp_selection.hpp"
#include "dcs/laplace/contour_hyperbolic.hpp"
#include "dcs/laplace/laplace_iteration.hpp"
#include "dcs/laplace/laplace_sine_setup.hpp"
#include "dcs/problems/dlcp_problem.hpp"
#include "dcs/problems/dlcp_time_grid.hpp"

namespace relcp::dcs {

// The setup of the device-resident iteration, or nothing when it does not apply: a build without
// CUDA, a back end other than cuda, a reference trajectory (its error history needs every
// iterate on the host), options.ode = dense, an A without the Laplacian structure, or sources
// that are not Q-vectors.
std::optional<SineSpectralSetup> device_laplace_setup(const DlcpProblem& problem, const TimeGrid& grid,
                                                      const HyperbolicContour& contour, const LaplaceOptions& options,
                                                      std::string_view backend);

// Runs the iterations from trajectory.X = x0 in every column and trajectory.Y.col(0) = y_0 (the
// initial LCP's solution). offsets: g(t_j), n x J. Fills the report as solve_laplace does.
// Defined in CUDA builds only (laplace_device_iteration.cu).
void iterate_laplace_on_device(const SineSpectralSetup& setup, const DlcpProblem& problem, const DenseMatrix& offsets,
                               const LcpSelectionSolver& lcp_solver, const LaplaceOptions& options,
                               DlcpTrajectory& trajectory, LaplaceReport& report);

}  // namespace relcp::dcs
