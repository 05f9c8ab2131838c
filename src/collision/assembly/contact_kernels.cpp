#include "collision/assembly/contact_kernels.hpp"

#include "collision/assembly/body_gather.hpp"

namespace relcp::collision {

void gather_body_forces(const ConstraintBlockView* blocks, std::size_t block_count, const double* gamma, double* forces,
                        std::size_t body_count) {
  gather_per_body(blocks, block_count, gamma, forces, body_count,
                  [](const ConstraintBlockView& block, std::ptrdiff_t c, const double* block_gamma, double* f) {
                    for (int i = block.incidence_begin[c]; i < block.incidence_begin[c + 1]; ++i) {
                      const double g = block_gamma[block.incidence_row[i]];
                      const double* v = block.values + block.incidence_entry[i];
                      for (int k = 0; k < 6; ++k) f[k] += g * v[k];
                    }
                  });
}

void constraint_rates(const ConstraintBlockView* blocks, std::size_t block_count, const double* velocities,
                      double scale, double beta, double* rates) {
  for (std::size_t b = 0; b < block_count; ++b) {
    const ConstraintBlockView& block = blocks[b];
    const auto rows = static_cast<std::ptrdiff_t>(block.rows);
    double* out = rates + block.first_row;
#pragma omp parallel for schedule(static) if (block.rows > kKernelParallelThreshold)
    for (std::ptrdiff_t r = 0; r < rows; ++r) {
      double sum = 0.0;
      for (std::size_t e = block.row_offsets[r]; e < block.row_offsets[r + 1]; ++e) {
        sum += block.values[e] * velocities[block.columns[e]];
      }
      out[r] = beta == 0.0 ? scale * sum : scale * sum + beta * out[r];
    }
  }
}

}  // namespace relcp::collision
