#pragma once
// The files of a DLCP-family run (docs/dlcp.md):
//   trajectory.csv  t,x0,x1,...,y0,y1,... one row per time point, t = 0 included
//                   (y at t = 0 is the selected solution of LCP(N x0 + g(0), M); nan if none);
//   stats.json      method, backend, iterations, converged, seconds, error_history,
//                   change_history, time_split {lcp, linear_algebra, interpolation, transfer},
//                   then the problem's and the method's own fields.

#include <filesystem>

#include "io/dcs/dlcp_methods.hpp"
#include "io/dcs/dlcp_scenario.hpp"

namespace relcp::io::dcs {

void write_dlcp_trajectory_csv(const std::filesystem::path& file, const relcp::dcs::DlcpTrajectory& trajectory);

void write_dlcp_stats_json(const std::filesystem::path& file, const DlcpScenario& scenario, const DlcpRunRecord& record,
                           double seconds);

}  // namespace relcp::io::dcs
