#pragma once
// The methods of the DLCP family by name (method.name). A method runs any problem form it
// supports and returns a DlcpRunRecord; run_dlcp_method adds the error reference. Another
// method (the Laplace method) plugs in by adding a row to the table in dlcp_methods.cpp.

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dcs/batched/batched_lcp.hpp"
#include "dcs/problems/dlcp_trajectory.hpp"
#include "io/dcs/dlcp_scenario.hpp"

namespace relcp::io::dcs {

struct DlcpRunRecord {
  relcp::dcs::DlcpTrajectory trajectory;
  bool converged = false;  // met the tolerance (iterative methods) or solved every step
  int iterations = 0;      // sweeps of an iterative method; 0 for time stepping
  std::vector<double> change_history;
  std::vector<double> error_history;
  relcp::dcs::TimeSplit split;
  std::string failure;  // why the run stopped early; empty when it did not
  JsonFields extra;     // method-specific statistics for stats.json
};

using DlcpReference = std::shared_ptr<const relcp::dcs::DenseMatrix>;

struct DlcpMethod {
  std::string_view name;
  std::string_view description;
  // Throws InputError for a problem form or back end the method cannot serve.
  DlcpRunRecord (*run)(const DlcpScenario& scenario, const relcp::dcs::BatchedLcpBackend& backend,
                       const DlcpReference& reference);
};

std::span<const DlcpMethod> dlcp_methods();
const DlcpMethod* find_dlcp_method(std::string_view name);  // nullptr when unknown
std::string dlcp_method_names();                            // "implicit-euler, gauss-seidel, laplace"

// Runs scenario.method.name; with method.reference it first computes the reference trajectory
// (implicit Euler on the same grid, or the same method at 1e-3 of the tolerance) and records the
// error history against it. Throws RunTimeFailure when the reference run fails.
DlcpRunRecord run_dlcp_method(const DlcpScenario& scenario, const relcp::dcs::BatchedLcpBackend& backend);

// The runners of the table.
DlcpRunRecord run_implicit_euler(const DlcpScenario& scenario, const relcp::dcs::BatchedLcpBackend& backend,
                                 const DlcpReference& reference);
DlcpRunRecord run_gauss_seidel(const DlcpScenario& scenario, const relcp::dcs::BatchedLcpBackend& backend,
                               const DlcpReference& reference);
DlcpRunRecord run_laplace(const DlcpScenario& scenario, const relcp::dcs::BatchedLcpBackend& backend,
                          const DlcpReference& reference);

}  // namespace relcp::io::dcs
