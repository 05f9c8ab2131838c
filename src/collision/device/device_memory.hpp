#pragma once
// Device memory for the CUDA contact back end (docs/gpu.md), reachable from plain C++: the
// runtime calls live in device_kernels.cu, and a build without CUDA gets functions that refuse
// (device_unavailable.cpp). C++17, no CUDA header.

#include <cstddef>
#include <utility>

namespace relcp::collision::device {

// cudaMalloc / cudaFree / cudaMemcpy / cudaMemset behind plain functions. All throw
// RunTimeFailure with CUDA's reason on failure.
void* allocate(std::size_t bytes);
void release(void* pointer) noexcept;
void copy_to_device(void* device_destination, const void* host_source, std::size_t bytes);
void copy_to_host(void* host_destination, const void* device_source, std::size_t bytes);
void copy_on_device(void* device_destination, const void* device_source, std::size_t bytes);
void zero(void* device_destination, std::size_t bytes);

// An array of T in device memory, owned; moves, never copies.
template <class T>
class DeviceArray {
 public:
  DeviceArray() = default;
  explicit DeviceArray(std::size_t size) : size_(size) {
    if (size > 0) data_ = static_cast<T*>(allocate(size * sizeof(T)));
  }
  // An array holding a copy of host[0, size).
  DeviceArray(const T* host, std::size_t size) : DeviceArray(size) {
    if (size > 0) copy_to_device(data_, host, size * sizeof(T));
  }
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;
  DeviceArray(DeviceArray&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}
  DeviceArray& operator=(DeviceArray&& other) noexcept {
    if (this != &other) {
      release(data_);
      data_ = std::exchange(other.data_, nullptr);
      size_ = std::exchange(other.size_, 0);
    }
    return *this;
  }
  ~DeviceArray() { release(data_); }

  void swap(DeviceArray& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
  }
  T* data() { return data_; }
  const T* data() const { return data_; }
  std::size_t size() const { return size_; }

 private:
  T* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace relcp::collision::device
