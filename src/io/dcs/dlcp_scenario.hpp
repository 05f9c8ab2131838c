#pragma once
// A DLCP-family scenario of relcp_dcs (docs/dlcp.md): the problem in one of its three forms,
// the grid and the method settings, all validated before anything runs.

#include <string>
#include <variant>

#include "dcs/batched/lcp_selection.hpp"
#include "dcs/problems/dlcp_dncp_problem.hpp"
#include "dcs/problems/dlcp_problem.hpp"
#include "dcs/problems/dlcp_time_grid.hpp"
#include "dcs/problems/projected_dynamical_system_problem.hpp"
#include "dcs/waveform/dlcp_shifted_solver.hpp"
#include "dcs/waveform/gauss_seidel_waveform.hpp"
#include "io/dcs/run_output.hpp"

namespace relcp::io::dcs {

using DlcpProblemForm =
    std::variant<relcp::dcs::DlcpProblem, relcp::dcs::DncpProblem, relcp::dcs::ProjectedDynamicalSystem>;

struct DlcpScenarioProblem {
  std::string type;  // problem.type
  DlcpProblemForm form;
  relcp::dcs::LcpSelection default_selection = relcp::dcs::LcpSelection::unique;
  relcp::dcs::InfeasibleLcpPolicy default_infeasible = relcp::dcs::InfeasibleLcpPolicy::fail;
  JsonFields parameters;  // problem parameters echoed into stats.json
};

// How the error history is measured (method.reference).
enum class ErrorReference {
  none,
  implicit_euler,  // implicit Euler (coupled backward Euler for DNCPs) on the same grid
  converged,       // the same method run to 1e-3 of the tolerance first
};

struct DlcpMethodSettings {
  std::string name;  // method.name
  std::string backend = "openmp";
  double tolerance = 1e-10;
  int max_iterations = 100;
  Eigen::Index window = 0;  // 0: one window
  relcp::dcs::LcpSelection selection = relcp::dcs::LcpSelection::unique;
  double lcp_tolerance = 1e-10;
  relcp::dcs::ShiftedSolverKind linear_solver = relcp::dcs::ShiftedSolverKind::automatic;
  relcp::dcs::InfeasibleLcpPolicy infeasible = relcp::dcs::InfeasibleLcpPolicy::fail;
  ErrorReference reference = ErrorReference::none;
  int contour_half_nodes = 25;  // laplace
  bool require_convergence = true;
};

struct DlcpScenario {
  DlcpScenarioProblem problem;
  relcp::dcs::TimeGrid grid;
  DlcpMethodSettings method;
};

}  // namespace relcp::io::dcs
