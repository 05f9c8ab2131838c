// The separations kernel of device_separations.hpp (docs/gpu.md, "Separations on the device").
// Compiled with -fmad=false (src/collision/CMakeLists.txt), as the host rounds.

#include <cuda_runtime.h>

#include <string>
#include <utility>

#include "collision/device/cuda_host_buffers.cuh"
#include "collision/device/device_memory.hpp"
#include "collision/device/device_separations.hpp"
#include "core/error.hpp"

namespace relcp::collision::device {
namespace {

constexpr int kThreads = 128;

using geometry::core_pair::CoreBody;
using geometry::core_pair::SeparationRecord;

__global__ void separations_kernel(const CoreBody* bodies, const PairBodies* pairs, std::size_t pair_count,
                                   double threshold, double tolerance, int max_iterations, SeparationRecord* records,
                                   unsigned char* handled) {
  const std::size_t k = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (k >= pair_count) return;
  const PairBodies pair = pairs[k];
  bool settled = false;
  if (pair.a >= 0 && pair.b >= 0) {
    settled = geometry::core_pair::separation_below(bodies[pair.a], bodies[pair.b], threshold, tolerance,
                                                    max_iterations, records[k]);
  }
  handled[k] = settled ? 1 : 0;
}

}  // namespace

struct DeviceSeparations::Impl {
  PinnedArray<CoreBody> host_bodies;
  PinnedArray<PairBodies> host_pairs;
  PinnedArray<SeparationRecord> host_records;
  PinnedArray<unsigned char> host_handled;
  DeviceArray<CoreBody> bodies;
  DeviceArray<PairBodies> pairs;
  DeviceArray<SeparationRecord> records;
  DeviceArray<unsigned char> handled;
};

DeviceSeparations::DeviceSeparations() : impl_(new Impl) {}
DeviceSeparations::~DeviceSeparations() = default;

CoreBody* DeviceSeparations::bodies(std::size_t count) { return impl_->host_bodies.reserve(count); }
PairBodies* DeviceSeparations::pairs(std::size_t count) { return impl_->host_pairs.reserve(count); }
const SeparationRecord* DeviceSeparations::records() const { return impl_->host_records.data(); }
const unsigned char* DeviceSeparations::handled() const { return impl_->host_handled.data(); }

void DeviceSeparations::separate(std::size_t body_count, std::size_t pair_count, double threshold, double tolerance,
                                 int max_iterations) {
  Impl& d = *impl_;
  d.host_records.reserve(pair_count);
  d.host_handled.reserve(pair_count);
  if (pair_count == 0) return;
  reserve(d.bodies, body_count);
  reserve(d.pairs, pair_count);
  reserve(d.records, pair_count);
  reserve(d.handled, pair_count);
  copy_to_device(d.bodies.data(), d.host_bodies.data(), body_count * sizeof(CoreBody));
  copy_to_device(d.pairs.data(), d.host_pairs.data(), pair_count * sizeof(PairBodies));
  const auto blocks = static_cast<unsigned>((pair_count + kThreads - 1) / kThreads);
  separations_kernel<<<blocks, kThreads>>>(d.bodies.data(), d.pairs.data(), pair_count, threshold, tolerance,
                                           max_iterations, d.records.data(), d.handled.data());
  check(cudaGetLastError(), "the separations kernel");
  copy_to_host(d.host_handled.data(), d.handled.data(), pair_count);
  copy_to_host(d.host_records.data(), d.records.data(), pair_count * sizeof(SeparationRecord));
}

}  // namespace relcp::collision::device
