#pragma once
// What the sine-transform Laplace iteration (laplace_sine_ode_solver.hpp) computes once before its
// iterations: the modes of the diagonalized A, the sampled sources, the free response
// e^{A t_j} x0 and the contour tables. Shared by the host-driven iteration and the device-resident
// one (laplace_device_iteration.hpp).

#include "dcs/laplace/contour_hyperbolic.hpp"
#include "dcs/laplace/contour_sums.hpp"
#include "dcs/laplace/contour_tables.hpp"
#include "dcs/laplace/laplace_structure.hpp"
#include "dcs/problems/dlcp_problem.hpp"
#include "dcs/problems/dlcp_time_grid.hpp"
#include "dcs/types.hpp"

namespace relcp::dcs {

struct SineSpectralSetup {
  int side = 0;                // Q; the state has Q^2 components, x1 index fastest
  bool structured = false;     // B = I (x) u and f in its range: Q-vector sources
  DenseMatrix sampled_source;  // structured: s_l (Q x (J+1)); otherwise f(t_l) (Q^2 x (J+1))
  Vector spectral_profile;     // structured: S_Q u
  DiagonalModes modes;         // mode k = k2 Q + k1
  Vector spectral_x0;          // S x0 (2-D)
  DenseMatrix free_response;   // e^{A t_j} x0 = S diag(e^{lambda t_j}) S x0, Q^2 x (J + 1); column 0
                               // is x0. Empty when the caller computes it (the device iteration).
  ContourTables tables;

  Eigen::Index source_size() const { return structured ? side : static_cast<Eigen::Index>(side) * side; }
};

// The orthonormal DST-I of sine_transform.hpp as a dense Q x Q matrix (symmetric, its own inverse):
// S(k, i) = sqrt(2 / (Q + 1)) sin(pi (i + 1)(k + 1) / (Q + 1)).
DenseMatrix sine_matrix(int Q);

// `parallel`: OpenMP over the time points of the free response.
SineSpectralSetup make_sine_spectral_setup(const DlcpProblem& problem, const TimeGrid& grid,
                                           const HyperbolicContour& contour, const SeparableLaplacian& structure,
                                           bool parallel, bool with_free_response = true);

}  // namespace relcp::dcs
