#pragma once
// The contact operator A = scale J M J^T (contact_operator.hpp) applied on a CUDA device: one
// rank's rows, incidences and mobility blocks in device memory, the halo exchanges staged
// through the host (HostHalo). Kept between LCPs: a re-solve uploads only the rows ReLCP appended.
// C++17, no CUDA header; device_kernels.cu implements it.

#include <cstddef>
#include <memory>

#include "collision/device/local_contact_rows.hpp"

namespace relcp::collision::device {

class DeviceContactOperator {
 public:
  DeviceContactOperator();
  ~DeviceContactOperator();
  DeviceContactOperator(const DeviceContactOperator&) = delete;
  DeviceContactOperator& operator=(const DeviceContactOperator&) = delete;

  // Makes the device copy match `rows`. Within one epoch of the matrix, with the same mobility
  // and scale, only the generations appended since the last update are uploaded (ReLCP's
  // re-solves); otherwise everything. Returns the generations uploaded. `halo` (kept until the
  // next update, may be null on one rank) carries the exchanges when needed().
  std::size_t update(const LocalContactRows& rows, HostHalo* halo);

  std::size_t rows() const;
  // Collective when the halo is needed. out = A gamma, both device arrays of rows() entries.
  void apply(const double* gamma, double* out) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The CUDA devices this process sees (0 when none, with the runtime's reason).
int visible_device_count(const char** reason);
// Makes `device` this process's current device.
void use_device(int device);
// The current device's name and memory, e.g. "NVIDIA H200 (139 GiB)".
const char* current_device_name();

}  // namespace relcp::collision::device
