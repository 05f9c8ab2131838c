#include "core/heap_reuse.hpp"

#include <cstdlib>
#include <initializer_list>
#include <limits>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace relcp {

void keep_freed_memory_for_reuse() {
#if defined(__GLIBC__)
  for (const char* tuned : {"MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_", "MALLOC_TOP_PAD_"}) {
    if (std::getenv(tuned) != nullptr) return;
  }
  constexpr int kMiB = 1 << 20;
  mallopt(M_MMAP_THRESHOLD, 1024 * kMiB);
  mallopt(M_TRIM_THRESHOLD, std::numeric_limits<int>::max());  // 2 GiB, the most mallopt takes
  mallopt(M_TOP_PAD, 64 * kMiB);
#endif
}

}  // namespace relcp
