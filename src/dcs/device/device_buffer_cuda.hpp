#pragma once
// Device memory owned by a host object, and error checks of CUDA runtime calls. For .cu files
// only (includes the CUDA runtime).

#include <cuda_runtime.h>

#include <cstddef>
#include <string>
#include <utility>

#include "core/error.hpp"

namespace relcp::dcs {

inline void check_cuda(cudaError_t error, const char* what) {
  if (error != cudaSuccess) {
    throw RunTimeFailure(std::string("CUDA error in ") + what + ": " + cudaGetErrorString(error));
  }
}

// Kernel launches report configuration errors at once and execution errors at the next
// synchronizing call; both surface here.
inline void check_launch(const char* kernel) { check_cuda(cudaGetLastError(), kernel); }

template <class T>
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t count) { resize(count); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  DeviceBuffer(DeviceBuffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), count_(std::exchange(other.count_, 0)) {}
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept {
    if (this != &other) {
      release();
      data_ = std::exchange(other.data_, nullptr);
      count_ = std::exchange(other.count_, 0);
    }
    return *this;
  }
  ~DeviceBuffer() { release(); }

  void resize(std::size_t count) {
    if (count == count_) return;
    release();
    if (count > 0) check_cuda(cudaMalloc(reinterpret_cast<void**>(&data_), count * sizeof(T)), "cudaMalloc");
    count_ = count;
  }
  void upload(const T* host, std::size_t count) {
    resize(count);
    if (count > 0) check_cuda(cudaMemcpy(data_, host, count * sizeof(T), cudaMemcpyHostToDevice), "upload");
  }
  void download(T* host, std::size_t count) const {
    if (count > count_) throw RunTimeFailure("download of more elements than the device buffer holds");
    if (count > 0) check_cuda(cudaMemcpy(host, data_, count * sizeof(T), cudaMemcpyDeviceToHost), "download");
  }
  void zero() {
    if (count_ > 0) check_cuda(cudaMemset(data_, 0, count_ * sizeof(T)), "cudaMemset");
  }

  T* data() { return data_; }
  const T* data() const { return data_; }
  std::size_t size() const { return count_; }

 private:
  void release() noexcept {
    if (data_ != nullptr) cudaFree(data_);
    data_ = nullptr;
    count_ = 0;
  }

  T* data_ = nullptr;
  std::size_t count_ = 0;
};

}  // namespace relcp::dcs
