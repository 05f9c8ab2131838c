#include "collision/linalg/distributed_vector.hpp"

#include <Kokkos_Core.hpp>
#include <Teuchos_DefaultMpiComm.hpp>
#include <cstdlib>
#include <stdexcept>
#include <utility>

#include "collision/linalg/tpetra_handles.hpp"

namespace relcp::collision {

void ensure_kokkos_initialized() {
  if (Kokkos::is_initialized()) return;
  Kokkos::InitArguments arguments;
  arguments.num_threads = 1;
  arguments.disable_warnings = true;
  Kokkos::initialize(arguments);
  std::atexit([] {
    if (Kokkos::is_initialized()) Kokkos::finalize();
  });
}

Teuchos::RCP<const Teuchos::Comm<int>> teuchos_comm(MPI_Comm comm) {
  return Teuchos::rcp(new Teuchos::MpiComm<int>(comm));
}

VectorLayout layout_of(const Teuchos::RCP<const tpetra::Map>& map, MPI_Comm comm) {
  auto impl = std::make_shared<VectorLayout::Impl>();
  impl->map = map;
  impl->comm = comm;
  return VectorLayout(std::move(impl));
}

double* column_data(tpetra::MultiVector& vector, std::size_t column) {
  const auto view = vector.getLocalViewHost(Tpetra::Access::ReadWrite);
  if (view.extent(0) == 0) return nullptr;
  return view.data() + column * view.stride(1);
}

const double* column_data(const tpetra::MultiVector& vector, std::size_t column) {
  const auto view = vector.getLocalViewHost(Tpetra::Access::ReadOnly);
  if (view.extent(0) == 0) return nullptr;
  return view.data() + column * view.stride(1);
}

// ---- VectorLayout ----------------------------------------------------------------------------

VectorLayout::VectorLayout(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}

VectorLayout VectorLayout::contiguous(MPI_Comm comm, std::size_t local_size) {
  ensure_kokkos_initialized();
  const auto invalid = Teuchos::OrdinalTraits<Tpetra::global_size_t>::invalid();
  auto map = Teuchos::rcp(new tpetra::Map(invalid, local_size, 0, teuchos_comm(comm)));
  return layout_of(map, comm);
}

MPI_Comm VectorLayout::comm() const { return impl_ ? impl_->comm : MPI_COMM_NULL; }

std::size_t VectorLayout::local_size() const { return impl_ ? impl_->map->getNodeNumElements() : 0; }

std::int64_t VectorLayout::global_size() const {
  return impl_ ? static_cast<std::int64_t>(impl_->map->getGlobalNumElements()) : 0;
}

std::int64_t VectorLayout::global_index(std::size_t local) const {
  return static_cast<std::int64_t>(impl_->map->getGlobalElement(static_cast<tpetra::LocalOrdinal>(local)));
}

// ---- DistributedVector -----------------------------------------------------------------------

DistributedVector::DistributedVector() = default;

DistributedVector::DistributedVector(const VectorLayout& layout) : layout_(layout) {
  if (layout.empty()) throw std::invalid_argument("DistributedVector: empty layout");
  impl_ = std::make_unique<Impl>();
  impl_->vector = Teuchos::rcp(new tpetra::MultiVector(layout.impl().map, 1, true));
  data_ = column_data(*impl_->vector, 0);
  local_size_ = layout.local_size();
}

DistributedVector::~DistributedVector() = default;
DistributedVector::DistributedVector(DistributedVector&& other) noexcept { swap(other); }
DistributedVector& DistributedVector::operator=(DistributedVector&& other) noexcept {
  DistributedVector moved(std::move(other));
  swap(moved);
  return *this;
}

DistributedVector DistributedVector::clone() const {
  DistributedVector copy(layout_);
  for (std::size_t i = 0; i < local_size_; ++i) copy.data_[i] = data_[i];
  return copy;
}

void DistributedVector::swap(DistributedVector& other) noexcept {
  std::swap(layout_, other.layout_);
  std::swap(impl_, other.impl_);
  std::swap(data_, other.data_);
  std::swap(local_size_, other.local_size_);
}

}  // namespace relcp::collision
