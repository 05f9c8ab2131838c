#include "dcs/problems/dlcp_trajectory.hpp"

#include <algorithm>
#include <stdexcept>

namespace relcp::dcs {

DlcpTrajectory start_trajectory(const TimeGrid& grid, const Vector& x0, const Vector& y0) {
  DlcpTrajectory trajectory;
  trajectory.grid = grid;
  trajectory.X.resize(x0.size(), grid.points());
  trajectory.Y.resize(y0.size(), grid.points());
  trajectory.X.col(0) = x0;
  trajectory.Y.col(0) = y0;
  return trajectory;
}

TimeSplit& TimeSplit::operator+=(const TimeSplit& other) {
  lcp += other.lcp;
  linear_algebra += other.linear_algebra;
  interpolation += other.interpolation;
  transfer += other.transfer;
  return *this;
}

double max_column_difference(const DenseMatrix& a, const DenseMatrix& b, Eigen::Index first, Eigen::Index last) {
  if (a.rows() != b.rows() || last >= std::min(a.cols(), b.cols()) || first < 0) {
    throw std::invalid_argument("max_column_difference: trajectories of different shapes");
  }
  double largest = 0.0;
  for (Eigen::Index j = first; j <= last; ++j) {
    largest = std::max(largest, (a.col(j) - b.col(j)).lpNorm<Eigen::Infinity>());
  }
  return largest;
}

double max_column_difference(const DenseMatrix& a, const DenseMatrix& b) {
  if (a.cols() != b.cols()) throw std::invalid_argument("max_column_difference: different lengths");
  return max_column_difference(a, b, 0, a.cols() - 1);
}

}  // namespace relcp::dcs
