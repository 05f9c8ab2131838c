#pragma once
// The linear half of one Laplace iteration ([PL] (2.17)): given the nodal complementarity
// values y_0..y_J, the states
//   x_j = e^{A t_j} x0 + int_0^{t_j} e^{A (t_j - tau)} (B y~(tau) + f~(tau)) dtau,   j = 0..J,
// where y~, f~ are the piecewise-linear interpolants of the nodal values, the initial term is
// exact and the Duhamel term is the hyperbolic-contour rule with the stable phi-function
// weights (contour_tables.hpp). Everything that does not change between iterations (nodes,
// weights, shifted factorizations or the spectral decomposition, f at the nodes, e^{A t_j} x0)
// is computed at construction.
//
// Two implementations, chosen by make_laplace_ode_solver:
//   dense  any A whose spectrum lies in the sector |arg(-z)| < pi/2 - gamma ([PL] (2.1a));
//          stores c_{p,j} (z_{p,j} I - A)^{-1} for every (j, p) (m^2 complex numbers each);
//   sine   A a scaled 5-point Dirichlet Laplacian (laplace_structure.hpp), diagonalized by the
//          2-D DST-I; with B = I (x) u and f in its range (Signorini), the sources are Q-vectors.

#include <memory>
#include <string_view>

#include "dcs/laplace/contour_hyperbolic.hpp"
#include "dcs/laplace/contour_sums.hpp"
#include "dcs/problems/dlcp_problem.hpp"
#include "dcs/problems/dlcp_time_grid.hpp"
#include "dcs/problems/dlcp_trajectory.hpp"
#include "dcs/types.hpp"

namespace relcp::dcs {

class LaplaceOdeSolver {
 public:
  virtual ~LaplaceOdeSolver() = default;
  virtual std::string_view name() const = 0;  // "dense" or "sine"
  // y: n x (J + 1). x: m x (J + 1), column 0 is x0. Adds its time to split.
  virtual void solve(const DenseMatrix& y, DenseMatrix& x, TimeSplit& split) = 0;
};

enum class LaplaceOdeKind { automatic, dense, sine };

// automatic: sine when A has the Laplacian structure, dense otherwise. Throws InputError
// (key "A") when the spectrum of A leaves the contour's sector, or for sine without the
// structure; (key "contour_half_nodes") when the dense resolvents would need more than 4 GiB.
std::unique_ptr<LaplaceOdeSolver> make_laplace_ode_solver(const DlcpProblem& problem, const TimeGrid& grid,
                                                          const HyperbolicContour& contour, ComputeBackend backend,
                                                          LaplaceOdeKind kind = LaplaceOdeKind::automatic);

}  // namespace relcp::dcs
