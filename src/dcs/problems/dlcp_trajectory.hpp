#pragma once
// What the DLCP/DNCP methods return: the states and complementarity variables at every grid
// point, and where the time went ([PL] Table 4.1's split).

#include "dcs/problems/dlcp_time_grid.hpp"
#include "dcs/types.hpp"

namespace relcp::dcs {

struct DlcpTrajectory {
  TimeGrid grid;
  DenseMatrix X;  // m x (J+1), column j = x(t_j)
  DenseMatrix Y;  // n x (J+1), column j = y(t_j); NaN where no value was computed
};

// A trajectory on `grid` with room for every grid point (columns past 0 not yet set) and
// x0, y0 in column 0.
DlcpTrajectory start_trajectory(const TimeGrid& grid, const Vector& x0, const Vector& y0);

// Seconds spent per component ([PL] Table 4.1). `transfer` is host <-> device copying (zero on
// the CPU back ends); `interpolation` the convolution sums of the Laplace method and the sampling
// of the forcing terms.
struct TimeSplit {
  double lcp = 0.0;
  double linear_algebra = 0.0;
  double interpolation = 0.0;
  double transfer = 0.0;

  double total() const { return lcp + linear_algebra + interpolation + transfer; }
  TimeSplit& operator+=(const TimeSplit& other);
};

// max over columns j of ||a_j - b_j||_inf, over the common columns [first, last].
double max_column_difference(const DenseMatrix& a, const DenseMatrix& b, Eigen::Index first, Eigen::Index last);
double max_column_difference(const DenseMatrix& a, const DenseMatrix& b);

}  // namespace relcp::dcs
