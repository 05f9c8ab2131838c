#include "particles/id_allocator.hpp"

#include <algorithm>
#include <stdexcept>

namespace relcp::particles {

std::vector<GlobalId> IdAllocator::allocate(MPI_Comm comm, std::span<const GlobalId> keys) {
  int num_ranks = 0;
  MPI_Comm_size(comm, &num_ranks);
  const int local_count = static_cast<int>(keys.size());
  std::vector<int> counts(static_cast<std::size_t>(num_ranks));
  MPI_Allgather(&local_count, 1, MPI_INT, counts.data(), 1, MPI_INT, comm);
  std::vector<int> offsets(static_cast<std::size_t>(num_ranks));
  int total = 0;
  for (int rank = 0; rank < num_ranks; ++rank) {
    offsets[static_cast<std::size_t>(rank)] = total;
    total += counts[static_cast<std::size_t>(rank)];
  }
  std::vector<GlobalId> ids(keys.size());
  if (total == 0) return ids;

  std::vector<GlobalId> all_keys(static_cast<std::size_t>(total));
  static_assert(sizeof(GlobalId) == sizeof(std::int64_t));
  MPI_Allgatherv(keys.data(), local_count, MPI_INT64_T, all_keys.data(), counts.data(), offsets.data(), MPI_INT64_T,
                 comm);
  std::sort(all_keys.begin(), all_keys.end());
  if (std::adjacent_find(all_keys.begin(), all_keys.end()) != all_keys.end()) {
    throw std::invalid_argument("IdAllocator::allocate: keys are not unique across ranks");
  }
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const auto position = std::lower_bound(all_keys.begin(), all_keys.end(), keys[i]);
    ids[i] = next_free_ + static_cast<GlobalId>(position - all_keys.begin());
  }
  next_free_ += total;
  return ids;
}

void IdAllocator::reserve_through(MPI_Comm comm, GlobalId local_max_id) {
  GlobalId global_max = 0;
  MPI_Allreduce(&local_max_id, &global_max, 1, MPI_INT64_T, MPI_MAX, comm);
  next_free_ = std::max(next_free_, global_max + 1);
}

}  // namespace relcp::particles
