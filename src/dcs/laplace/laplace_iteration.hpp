#pragma once
// The parallel Laplace-inversion iteration of [PL] (fully discrete form (2.17); Z-matrix form
// (3.3) with the least-element selection). From x_j^0 = x0 for all j ([PL] Theorem 3.2):
//   (a) all j at once:  y_j^{k+1} = selection of LCP(N x_j^k + g_j, M)     (one LCP batch)
//   (b) all j at once:  x_j^{k+1} = e^{A t_j} x0 + contour rule for the Duhamel integral of the
//                       piecewise-linear interpolant of B y^{k+1} + f     (LaplaceOdeSolver)
// until max_j ||x_j^{k+1} - x_j^k||_inf <= tolerance. Unlike the Gauss-Seidel waveform step (b)
// has no sequential sweep over j. y_0 (the interpolant's value at t = 0) is the selected
// solution of LCP(N x0 + g(0), M), computed once. The contour is the Wu-Chen hyperbola with
// P = contour_half_nodes (2P + 1 nodes, halved by conjugate symmetry).
//
// One back end name drives both batched parts: the LCP batch (BatchedLcpBackend) and the
// contour sums (ComputeBackend of the same name). On the cuda back end the Signorini-type
// problems (sine linear half, Q-vector sources) keep every iteration on the device
// (laplace_device_iteration.hpp); the others move each iteration's batches across the bus.

#include <memory>
#include <string>
#include <vector>

#include "dcs/batched/batched_lcp.hpp"
#include "dcs/batched/lcp_selection.hpp"
#include "dcs/laplace/laplace_ode_solver.hpp"
#include "dcs/problems/dlcp_problem.hpp"
#include "dcs/problems/dlcp_time_grid.hpp"
#include "dcs/problems/dlcp_trajectory.hpp"

namespace relcp::dcs {

struct LaplaceOptions {
  int contour_half_nodes = 25;  // P
  double tolerance = 1e-10;
  int max_iterations = 100;
  LcpSelection selection = LcpSelection::least_element;
  double lcp_tolerance = 1e-10;
  LaplaceOdeKind ode = LaplaceOdeKind::automatic;
  // m x (J+1): when given, error_history holds max_j ||x_j^k - reference_j||_inf.
  std::shared_ptr<const DenseMatrix> reference;
};

struct LaplaceReport {
  bool converged = false;  // met the tolerance and no LCP failed
  int iterations = 0;
  std::vector<double> change_history;  // entry k-1: max_j ||x_j^k - x_j^{k-1}||_inf
  std::vector<double> error_history;   // entry k: against the reference, k = 0, 1, ...
  bool lcp_failed = false;             // an LCP had no (found) solution: the run stopped
  double failure_time = 0.0;           // t of the first such point
  lcp::Status failure_status = lcp::Status::converged;
  bool initial_lcp_solved = false;  // y_0 from LCP(N x0 + g(0), M)
  long long lcp_iterations = 0;
  std::string ode_solver;  // "dense" or "sine"
  std::string backend;
  bool device_resident = false;  // every iteration ran on the GPU (laplace_device_iteration.hpp)
  double theta_max = 0.0;        // of the contour ([PL] (2.15))
  TimeSplit split;
  double setup_seconds = 0.0;  // tables, factorizations, e^{A t_j} x0 (not in split)
};

struct LaplaceResult {
  DlcpTrajectory trajectory;  // the last iterate
  LaplaceReport report;
};

// Throws InputError when the problem is invalid, the reference has the wrong shape, M is not
// in the selection's class, A's spectrum leaves the contour's sector, or the back end cannot
// serve this problem; RunTimeFailure when the cuda back end finds no device.
LaplaceResult solve_laplace(const DlcpProblem& problem, const TimeGrid& grid, const LaplaceOptions& options,
                            const BatchedLcpBackend& backend);

}  // namespace relcp::dcs
