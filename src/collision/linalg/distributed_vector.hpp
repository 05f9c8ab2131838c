#pragma once
// Distributed vectors of the collision layer: values spread over the MPI ranks of a
// communicator, stored in a Tpetra::Vector. The Tpetra objects stay behind opaque handles
// (tpetra_handles.hpp) because Trilinos 13.2 headers do not parse as C++20; this header is
// C++17-clean. With Kokkos' Serial back end the local entries live in host memory and are
// addressed directly through local_data().

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <memory>

namespace relcp::collision {

// How the entries of a distributed vector are spread over the ranks (a Tpetra::Map).
// Immutable and cheap to copy (shared).
class VectorLayout {
 public:
  struct Impl;

  VectorLayout() = default;  // no entries, no communicator
  explicit VectorLayout(std::shared_ptr<const Impl> impl);

  // `local_size` entries on this rank, global indices contiguous and in rank order. Collective.
  static VectorLayout contiguous(MPI_Comm comm, std::size_t local_size);

  bool empty() const { return impl_ == nullptr; }
  MPI_Comm comm() const;
  std::size_t local_size() const;
  std::int64_t global_size() const;
  // The global index of local entry `local`.
  std::int64_t global_index(std::size_t local) const;
  // The same map object (cheap, local). Layouts built separately are never the same.
  bool same_as(const VectorLayout& other) const { return impl_ == other.impl_; }

  const Impl& impl() const { return *impl_; }

 private:
  std::shared_ptr<const Impl> impl_;
};

// A vector with a VectorLayout. Move-only; clone() copies.
class DistributedVector {
 public:
  struct Impl;

  DistributedVector();
  explicit DistributedVector(const VectorLayout& layout);  // all entries zero
  ~DistributedVector();
  DistributedVector(DistributedVector&& other) noexcept;
  DistributedVector& operator=(DistributedVector&& other) noexcept;
  DistributedVector(const DistributedVector&) = delete;
  DistributedVector& operator=(const DistributedVector&) = delete;

  DistributedVector clone() const;

  const VectorLayout& layout() const { return layout_; }
  std::size_t local_size() const { return local_size_; }
  double* local_data() { return data_; }
  const double* local_data() const { return data_; }
  double& operator[](std::size_t local) { return data_[local]; }
  double operator[](std::size_t local) const { return data_[local]; }

  // Exchanges contents with `other` (no copy).
  void swap(DistributedVector& other) noexcept;

  Impl& impl() { return *impl_; }
  const Impl& impl() const { return *impl_; }

 private:
  VectorLayout layout_;
  std::unique_ptr<Impl> impl_;
  double* data_ = nullptr;
  std::size_t local_size_ = 0;
};

}  // namespace relcp::collision
