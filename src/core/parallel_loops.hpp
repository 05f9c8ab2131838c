#pragma once
// How many iterations a loop needs before it pays for an OpenMP team. Below that, the barrier at
// the end of the region costs more than the work, and on a shared or oversubscribed node a
// thread waiting for a descheduled teammate stalls the whole step (measured: 1 s per step for a
// 16-cell colony at load 10 with two threads, 1 ms with one).
#include <cstddef>

namespace relcp {

// Loops over bodies with a few hundred nanoseconds of work each.
inline constexpr std::ptrdiff_t kParallelMinimumBodies = 2048;
// Loops over pairs with an exact separation (about a microsecond each).
inline constexpr std::ptrdiff_t kParallelMinimumPairs = 128;

}  // namespace relcp
