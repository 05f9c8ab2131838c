#pragma once
// The uniform grid t_j = j h, j = 0..J, of the DLCP methods. When T/h is not an integer
// (e.g. [GS]'s T = 0.2 with h = 2^-k) the grid is extended: J = ceil(T/h), so t_J >= T
// (docs/dlcp.md, reconstruction decisions).

#include <Eigen/Core>

namespace relcp::dcs {

struct TimeGrid {
  double h = 0.0;
  Eigen::Index steps = 0;  // J

  double t(Eigen::Index j) const { return static_cast<double>(j) * h; }
  double end() const { return t(steps); }
  Eigen::Index points() const { return steps + 1; }
};

// Throws InputError (key "h" or "T") for h <= 0, T <= 0, non-finite values or more than 10^8 steps.
TimeGrid make_time_grid(double T, double h);

}  // namespace relcp::dcs
