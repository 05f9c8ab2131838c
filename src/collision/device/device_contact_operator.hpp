#pragma once
// The contact operator A = scale J M J^T (contact_operator.hpp) applied on a CUDA device: one
// rank's rows, incidences and mobility blocks in device memory, the halo exchanges staged
// through the host (HostHalo). Built per LCP, so rows appended by ReLCP are always included.
// C++17, no CUDA header; device_kernels.cu implements it.

#include <cstddef>
#include <memory>

#include "collision/device/local_contact_rows.hpp"

namespace relcp::collision::device {

class DeviceContactOperator {
 public:
  // Uploads `rows`. `halo` (kept, may be null on one rank) carries the exchanges when needed().
  DeviceContactOperator(const LocalContactRows& rows, HostHalo* halo);
  ~DeviceContactOperator();
  DeviceContactOperator(const DeviceContactOperator&) = delete;
  DeviceContactOperator& operator=(const DeviceContactOperator&) = delete;

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
