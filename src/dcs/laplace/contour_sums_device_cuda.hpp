#pragma once
// The contour sums of the Laplace iteration on device-resident data: the tables live on the
// device and every call only launches kernels on the default stream (no copies, no waiting).
// Used by the host-facing CUDA contour sums (contour_sums_cuda.cu) and by the device-resident
// Laplace iteration (laplace_device_iteration.cu). For .cu files only (device buffers).

#include <cstdint>

#include "dcs/device/device_buffer_cuda.hpp"
#include "dcs/laplace/contour_sums.hpp"
#include "dcs/laplace/contour_tables.hpp"

namespace relcp::dcs {

// The tables of every (j, p) entry and the convolution step.
class DeviceContourTables {
 public:
  DeviceContourTables(const ContourTables& tables, std::int64_t r);

  // sources: r x (J + 1) device array; the result stays in convolved().
  void convolve(const double* sources);

  int steps() const { return steps_; }
  int nodes() const { return nodes_; }
  std::int64_t r() const { return r_; }
  const double* shift() const { return shift_.data(); }
  const double* weight() const { return weight_.data(); }
  const double* convolved() const { return convolved_.data(); }

 private:
  int steps_;
  int nodes_;
  std::int64_t entries_;
  std::int64_t r_;
  DeviceBuffer<double> shift_, weight_, decay_, span_, left_, right_, convolved_;
};

// The node sums of a diagonalized A (DiagonalContourSums) after DeviceContourTables::convolve.
class DeviceDiagonalSums {
 public:
  DeviceDiagonalSums(const ContourTables& tables, const DiagonalModes& modes, std::int64_t r);

  void convolve(const double* sources) { tables_.convolve(sources); }
  DeviceContourTables& tables() { return tables_; }
  // spectral: modes x (J + 1) device array; column 0 is set to zero.
  void sum(double* spectral);

  int steps() const { return tables_.steps(); }
  std::int64_t modes() const { return modes_; }
  std::int64_t r() const { return tables_.r(); }

 private:
  DeviceContourTables tables_;
  std::int64_t modes_;
  DeviceBuffer<double> eigenvalues_;
  DeviceBuffer<std::int64_t> sources_;
  DeviceBuffer<double> profiles_;
};

}  // namespace relcp::dcs
