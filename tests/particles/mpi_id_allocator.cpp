#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>

#include "particles/id_allocator.hpp"

namespace relcp::particles {
namespace {

int rank_of(MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  return rank;
}

int size_of(MPI_Comm comm) {
  int size = 0;
  MPI_Comm_size(comm, &size);
  return size;
}

// Keys 0, 5, 10, ... 5*(n-1) dealt round-robin in reverse, so every rank holds an unsorted
// subset and the deal changes with the rank count.
std::vector<GlobalId> my_keys(int n) {
  std::vector<GlobalId> keys;
  for (int k = n - 1; k >= 0; --k) {
    if (k % size_of(MPI_COMM_WORLD) == rank_of(MPI_COMM_WORLD)) keys.push_back(5 * k);
  }
  return keys;
}

TEST(IdAllocator, HandsOutIdsInGlobalKeyOrderWhateverTheRankCount) {
  IdAllocator allocator(100);
  const std::vector<GlobalId> keys = my_keys(37);
  const std::vector<GlobalId> ids = allocator.allocate(MPI_COMM_WORLD, keys);
  ASSERT_EQ(ids.size(), keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) EXPECT_EQ(ids[i], 100 + keys[i] / 5);
  EXPECT_EQ(allocator.next_free(), 137);

  // A second round continues after the first; a rank may have no requests.
  const std::vector<GlobalId> few = rank_of(MPI_COMM_WORLD) == 0 ? std::vector<GlobalId>{3} : std::vector<GlobalId>{};
  const std::vector<GlobalId> more = allocator.allocate(MPI_COMM_WORLD, few);
  if (rank_of(MPI_COMM_WORLD) == 0) {
    ASSERT_EQ(more.size(), 1u);
    EXPECT_EQ(more[0], 137);
  }
  EXPECT_EQ(allocator.next_free(), 138);
}

TEST(IdAllocator, ReserveThroughMovesPastTheLargestIdOnAnyRank) {
  IdAllocator allocator(10);
  const GlobalId local_max = rank_of(MPI_COMM_WORLD) == size_of(MPI_COMM_WORLD) - 1 ? 500 : 3;
  allocator.reserve_through(MPI_COMM_WORLD, local_max);
  EXPECT_EQ(allocator.next_free(), 501);
  allocator.reserve_through(MPI_COMM_WORLD, -1);
  EXPECT_EQ(allocator.next_free(), 501);
}

TEST(IdAllocator, RejectsDuplicateKeys) {
  IdAllocator allocator;
  const std::vector<GlobalId> keys{42};  // the same key on every rank
  if (size_of(MPI_COMM_WORLD) > 1) {
    EXPECT_THROW(allocator.allocate(MPI_COMM_WORLD, keys), std::invalid_argument);
  } else {
    EXPECT_EQ(allocator.allocate(MPI_COMM_WORLD, keys).at(0), 0);
  }
}

}  // namespace
}  // namespace relcp::particles
