#pragma once
// The contact solvers allocate and free vectors of hundreds of KiB many times per time step (a
// Newton step's temporaries on 10^4 bodies). glibc serves allocations above its mmap threshold
// with fresh mappings and unmaps them when freed, so every such vector page-faults its memory in
// again: keeping it made a colony step at 8,192 cells 11-14 % faster (docs/collision_alm.md,
// "Freed memory kept for reuse"). keep_freed_memory_for_reuse() makes glibc keep
// freed memory in the heap instead (mmap threshold 1 GiB, trim threshold 2 GiB: detection's pair
// and separation arrays reach 270 and 440 MB at 10^6 bodies on a rank, and faulting them in at
// every detection cost a third of a GPU run's contact step there, docs/results.md "Separations on
// the device"). The peak memory grows a little (6 % there); memory freed after the peak stays
// with the process.
// Does nothing when the user tunes glibc's allocator through its MALLOC_*_ environment variables,
// or on another C library.

namespace relcp {

void keep_freed_memory_for_reuse();

}  // namespace relcp
