// keep_freed_memory_for_reuse: after it, a vector of 64 MiB comes from the heap, not from a
// fresh mapping, and freeing it leaves the memory to the next one; a user's MALLOC_*_ setting is
// left alone. glibc only (mallinfo2 counts the mapped blocks). The tests run in this order in
// one process: the environment case first, while glibc's defaults still hold.
#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

#include "core/heap_reuse.hpp"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace relcp {
namespace {

#if defined(__GLIBC__)
constexpr std::size_t kLarge = 64u << 20;  // above glibc's mmap threshold, even raised as far as it goes (32 MiB)

// Mapped blocks while a fresh large vector is alive.
std::size_t mapped_blocks_with_large_vector() {
  std::vector<char> large(kLarge, 1);
  return mallinfo2().hblks;
}

TEST(HeapReuse, LeavesTheAllocatorAloneWhenTheUserTunesIt) {
  ASSERT_EQ(setenv("MALLOC_TOP_PAD_", "131072", 1), 0);
  keep_freed_memory_for_reuse();
  EXPECT_GE(mapped_blocks_with_large_vector(), 1u);  // glibc's default: a mapping of its own
  ASSERT_EQ(unsetenv("MALLOC_TOP_PAD_"), 0);
}

TEST(HeapReuse, LargeVectorsComeFromTheHeapAndTheirMemoryIsKept) {
  keep_freed_memory_for_reuse();
  const std::size_t before = mallinfo2().hblks;
  EXPECT_EQ(mapped_blocks_with_large_vector(), before);
  // Freed, the memory stays in the process for the next vector instead of going back.
  EXPECT_GE(mallinfo2().fordblks, kLarge);
  EXPECT_EQ(mapped_blocks_with_large_vector(), before);
}
#else
TEST(HeapReuse, DoesNothingOutsideGlibc) { keep_freed_memory_for_reuse(); }
#endif

}  // namespace
}  // namespace relcp
