#pragma once
// The loop both forms of the contact operator's rows gather J^T gamma with (contact_kernels.cpp,
// pair_rows.cpp): one thread per column body, the body's forces summed over the blocks in order
// and written once, so results do not depend on the number of threads.

#include <cstddef>

namespace relcp::collision {

// Below this many bodies or rows a kernel loop runs on one thread.
inline constexpr std::size_t kKernelParallelThreshold = 2048;

// A row's value times its weight where the kernel is weighted (the operator's symmetric
// diagonal scaling folded into its passes, docs/friction.md "Jacobi scaling on the cones").
template <bool Weighted>
inline double row_weighted(const double* weights, std::size_t row, double value) {
  if constexpr (Weighted) {
    return weights[row] * value;
  } else {
    return value;
  }
}

// forces[6 c + k] = the sum over the blocks of add_body(block, c, block_gamma, f) for c in
// [0, body_count); add_body adds body c's incidences in `block` into f[6]. Blocks whose incidence
// ends before c (an older, smaller column map) are skipped.
template <class Block, class AddBody>
void gather_per_body(const Block* blocks, std::size_t block_count, const double* gamma, double* forces,
                     std::size_t body_count, const AddBody& add_body) {
  const auto bodies = static_cast<std::ptrdiff_t>(body_count);
#pragma omp parallel for schedule(static) if (body_count > kKernelParallelThreshold)
  for (std::ptrdiff_t c = 0; c < bodies; ++c) {
    double f[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
    for (std::size_t b = 0; b < block_count; ++b) {
      if (static_cast<std::size_t>(c) >= blocks[b].column_bodies) continue;
      add_body(blocks[b], c, gamma + blocks[b].first_row, f);
    }
    double* out = forces + 6 * c;
    for (int k = 0; k < 6; ++k) out[k] = f[k];
  }
}

}  // namespace relcp::collision
