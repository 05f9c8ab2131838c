#pragma once
// The candidate pairs' shared-normal separations on the CUDA device (docs/gpu.md, "Separations on
// the device"): one thread a pair runs geometry/separation/ellipsoid_core_separation.hpp, the
// code the host tests run. The bodies, the pairs and the results pass through pinned host
// buffers that the object keeps between calls: pageable copies and the page faults of fresh
// buffers cost more than the kernel at 10^6 bodies. Plain C++ declarations, no CUDA header; a
// build without CUDA refuses (device_unavailable.cpp).

#include <cstddef>
#include <memory>

#include "geometry/separation/ellipsoid_core_separation.hpp"

namespace relcp::collision::device {

// Indices of a pair's bodies in the body array; a negative index: the host computes the pair.
struct PairBodies {
  int a = -1;
  int b = -1;
};

class DeviceSeparations {
 public:
  DeviceSeparations();
  ~DeviceSeparations();
  DeviceSeparations(const DeviceSeparations&) = delete;
  DeviceSeparations& operator=(const DeviceSeparations&) = delete;

  // Pinned host buffers of at least `count` entries (grown, contents not kept), for the caller
  // to fill before separate().
  geometry::core_pair::CoreBody* bodies(std::size_t count);
  PairBodies* pairs(std::size_t count);

  // Separates pairs()[0, pair_count) over bodies()[0, body_count). Then, for every pair k,
  // handled()[k] = 1 and records()[k] where the device settled it
  // (core_pair::separation_below returned true), handled()[k] = 0 where the host must compute it.
  // Both stay valid until the next call.
  void separate(std::size_t body_count, std::size_t pair_count, double threshold, double tolerance, int max_iterations);
  const geometry::core_pair::SeparationRecord* records() const;
  const unsigned char* handled() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace relcp::collision::device
