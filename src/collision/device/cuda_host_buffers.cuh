#pragma once
// Host-side helpers of the .cu files (CUDA runtime header; include from .cu files only): the
// error check, page-locked host buffers kept between calls, and device arrays grown on demand.

#include <cuda_runtime.h>

#include <cstddef>
#include <string>
#include <utility>

#include "collision/device/device_memory.hpp"
#include "core/error.hpp"

namespace relcp::collision::device {

// Throws RunTimeFailure with CUDA's reason unless `error` is cudaSuccess.
inline void check(cudaError_t error, const char* what) {
  if (error != cudaSuccess) {
    throw RunTimeFailure(std::string("CUDA error in ") + what + ": " + cudaGetErrorString(error));
  }
}

// Page-locked host memory (cudaMallocHost), owned; grows without keeping its contents.
template <class T>
class PinnedArray {
 public:
  PinnedArray() = default;
  PinnedArray(const PinnedArray&) = delete;
  PinnedArray& operator=(const PinnedArray&) = delete;
  ~PinnedArray() {
    if (data_ != nullptr) cudaFreeHost(data_);
  }
  T* reserve(std::size_t count) {
    if (count > size_) {
      if (data_ != nullptr) cudaFreeHost(std::exchange(data_, nullptr));
      size_ = 0;
      const std::size_t grown = count + count / 4;
      void* memory = nullptr;
      check(cudaMallocHost(&memory, grown * sizeof(T)), "cudaMallocHost");
      data_ = static_cast<T*>(memory);
      size_ = grown;
    }
    return data_;
  }
  T* data() const { return data_; }

 private:
  T* data_ = nullptr;
  std::size_t size_ = 0;
};

// Grows `array` (a quarter beyond `count`, contents not kept) when it holds fewer than `count`.
template <class T>
void reserve(DeviceArray<T>& array, std::size_t count) {
  if (array.size() < count) array = DeviceArray<T>(count + count / 4);
}

}  // namespace relcp::collision::device
