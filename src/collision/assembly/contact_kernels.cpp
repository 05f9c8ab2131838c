#include "collision/assembly/contact_kernels.hpp"

#include "collision/assembly/body_gather.hpp"

namespace relcp::collision {

namespace {

template <bool Weighted>
void gather_body_forces(const ConstraintBlockView* blocks, std::size_t block_count, const double* gamma, double* forces,
                        std::size_t body_count, const double* weights) {
  gather_per_body(blocks, block_count, gamma, forces, body_count,
                  [weights](const ConstraintBlockView& block, std::ptrdiff_t c, const double* block_gamma, double* f) {
                    const double* block_weights = Weighted ? weights + block.first_row : nullptr;
                    for (int i = block.incidence_begin[c]; i < block.incidence_begin[c + 1]; ++i) {
                      const auto row = static_cast<std::size_t>(block.incidence_row[i]);
                      const double g = row_weighted<Weighted>(block_weights, row, block_gamma[row]);
                      const double* v = block.values + block.incidence_entry[i];
                      for (int k = 0; k < 6; ++k) f[k] += g * v[k];
                    }
                  });
}

template <bool Weighted>
void constraint_rates(const ConstraintBlockView* blocks, std::size_t block_count, const double* velocities,
                      double scale, double beta, double* rates, const double* weights) {
  for (std::size_t b = 0; b < block_count; ++b) {
    const ConstraintBlockView& block = blocks[b];
    const auto rows = static_cast<std::ptrdiff_t>(block.rows);
    double* out = rates + block.first_row;
    const double* block_weights = Weighted ? weights + block.first_row : nullptr;
#pragma omp parallel for schedule(static) if (block.rows > kKernelParallelThreshold)
    for (std::ptrdiff_t r = 0; r < rows; ++r) {
      double sum = 0.0;
      for (std::size_t e = block.row_offsets[r]; e < block.row_offsets[r + 1]; ++e) {
        sum += block.values[e] * velocities[block.columns[e]];
      }
      sum = row_weighted<Weighted>(block_weights, static_cast<std::size_t>(r), sum);
      out[r] = beta == 0.0 ? scale * sum : scale * sum + beta * out[r];
    }
  }
}

}  // namespace

void gather_body_forces(const ConstraintBlockView* blocks, std::size_t block_count, const double* gamma, double* forces,
                        std::size_t body_count, const double* weights) {
  if (weights != nullptr) {
    gather_body_forces<true>(blocks, block_count, gamma, forces, body_count, weights);
  } else {
    gather_body_forces<false>(blocks, block_count, gamma, forces, body_count, nullptr);
  }
}

void constraint_rates(const ConstraintBlockView* blocks, std::size_t block_count, const double* velocities,
                      double scale, double beta, double* rates, const double* weights) {
  if (weights != nullptr) {
    constraint_rates<true>(blocks, block_count, velocities, scale, beta, rates, weights);
  } else {
    constraint_rates<false>(blocks, block_count, velocities, scale, beta, rates, nullptr);
  }
}

}  // namespace relcp::collision
