#include "collision/assembly/pair_rows.hpp"

#include "collision/assembly/body_gather.hpp"

namespace relcp::collision {
namespace {

constexpr int kDofs = 6;
constexpr int kTerms = 9;
// Groups of single rows (frictionless contacts) applied 0.8-1.2x as fast as the CSR form
// (build/bin/contact_operator_throughput, docs/benchmarks.md), so those stay CSR.
constexpr std::size_t kMinimumRowsPerGroup = 2;
constexpr std::size_t kMaxRows = std::size_t{1} << 27;  // the first row of a group takes 27 bits

std::uint32_t incidence_entry(int first_row, int rows, int side) {
  return (static_cast<std::uint32_t>(first_row) << 4) | (static_cast<std::uint32_t>(rows) << 1) |
         static_cast<std::uint32_t>(side);
}

// The column body of the six consecutive entries starting at `entry`, or -1 when they are not
// one body's six DOFs in order.
int body_of_entries(const ConstraintBlockView& block, std::size_t entry) {
  const int first_column = block.columns[entry];
  if (first_column % kDofs != 0) return -1;
  for (int k = 1; k < kDofs; ++k) {
    if (block.columns[entry + k] != first_column + k) return -1;
  }
  return first_column / kDofs;
}

}  // namespace

std::optional<PairRows> PairRows::from_csr(const ConstraintBlockView& block) {
  if (block.rows >= kMaxRows) return std::nullopt;
  PairRows compact;
  compact.rows_ = block.rows;
  compact.first_row_ = block.first_row;
  compact.terms_.assign(kTerms * block.rows, 0.0);
  compact.group_begin_.push_back(0);
  for (std::size_t r = 0; r < block.rows; ++r) {
    const std::size_t begin = block.row_offsets[r];
    const std::size_t entries = block.row_offsets[r + 1] - begin;
    if (entries != kDofs && entries != 2 * kDofs) return std::nullopt;
    const int first = body_of_entries(block, begin);
    const int second = entries == kDofs ? -1 : body_of_entries(block, begin + kDofs);
    if (first < 0 || (entries == 2 * kDofs && (second < 0 || second == first))) return std::nullopt;
    double* terms = compact.terms_.data() + kTerms * r;
    const double* values = block.values + begin;
    for (int k = 0; k < 6; ++k) terms[k] = values[k];
    if (second >= 0) {
      for (int k = 0; k < 3; ++k) {
        if (values[kDofs + k] != -values[k]) return std::nullopt;
        terms[6 + k] = values[kDofs + 3 + k];
      }
    }
    const bool same_bodies = !compact.group_bodies_.empty() && compact.group_bodies_.end()[-2] == first &&
                             compact.group_bodies_.end()[-1] == second;
    const bool group_full = r > 0 && static_cast<int>(r) - compact.group_begin_.back() == kMaxGroupRows;
    if (!same_bodies || group_full) {
      if (r > 0) compact.group_begin_.push_back(static_cast<int>(r));
      compact.group_bodies_.push_back(first);
      compact.group_bodies_.push_back(second);
    }
  }
  compact.group_begin_.push_back(static_cast<int>(block.rows));
  if (block.rows == 0) compact.group_begin_.pop_back();  // no groups: the single 0 is the end

  const std::size_t groups = compact.group_bodies_.size() / 2;
  if (block.rows < kMinimumRowsPerGroup * groups) return std::nullopt;
  compact.incidence_begin_.assign(block.column_bodies + 1, 0);
  for (const int body : compact.group_bodies_) {
    if (body >= 0) ++compact.incidence_begin_[static_cast<std::size_t>(body) + 1];
  }
  for (std::size_t c = 0; c < block.column_bodies; ++c) {
    compact.incidence_begin_[c + 1] += compact.incidence_begin_[c];
  }
  compact.incidence_.resize(static_cast<std::size_t>(compact.incidence_begin_[block.column_bodies]));
  std::vector<int> next(compact.incidence_begin_.begin(), compact.incidence_begin_.end() - 1);
  for (std::size_t g = 0; g < groups; ++g) {
    for (int side = 0; side < 2; ++side) {
      const int body = compact.group_bodies_[2 * g + static_cast<std::size_t>(side)];
      if (body < 0) continue;
      const int first_row = compact.group_begin_[g];
      const int rows = compact.group_begin_[g + 1] - first_row;
      compact.incidence_[static_cast<std::size_t>(next[body]++)] = incidence_entry(first_row, rows, side);
    }
  }
  return compact;
}

PairRowsView PairRows::view() const {
  PairRowsView view;
  view.rows = rows_;
  view.first_row = first_row_;
  view.groups = group_bodies_.size() / 2;
  view.group_begin = group_begin_.data();
  view.group_bodies = group_bodies_.data();
  view.terms = terms_.data();
  view.column_bodies = incidence_begin_.empty() ? 0 : incidence_begin_.size() - 1;
  view.incidence_begin = incidence_begin_.data();
  view.incidence = incidence_.data();
  return view;
}

std::size_t PairRows::stored_bytes() const {
  return terms_.size() * sizeof(double) +
         (group_begin_.size() + group_bodies_.size() + incidence_begin_.size() + incidence_.size()) * sizeof(int);
}

void gather_pair_forces(const PairRowsView* blocks, std::size_t block_count, const double* gamma, double* forces,
                        std::size_t body_count) {
  gather_per_body(blocks, block_count, gamma, forces, body_count,
                  [](const PairRowsView& block, std::ptrdiff_t c, const double* block_gamma, double* f) {
                    for (int i = block.incidence_begin[c]; i < block.incidence_begin[c + 1]; ++i) {
                      const std::uint32_t entry = block.incidence[i];
                      const std::size_t first_row = entry >> 4;
                      const int rows = static_cast<int>((entry >> 1) & 7u);
                      const int side = static_cast<int>(entry & 1u);
                      const double sign = side == 0 ? 1.0 : -1.0;
                      const double* terms = block.terms + kTerms * first_row;
                      const double* row_gamma = block_gamma + first_row;
                      for (int r = 0; r < rows; ++r, terms += kTerms) {
                        const double g = row_gamma[r];
                        const double* angular = terms + 3 + 3 * side;
                        for (int k = 0; k < 3; ++k) f[k] += sign * g * terms[k];
                        for (int k = 0; k < 3; ++k) f[3 + k] += g * angular[k];
                      }
                    }
                  });
}

void pair_constraint_rates(const PairRowsView* blocks, std::size_t block_count, const double* velocities, double scale,
                           double beta, double* rates) {
  for (std::size_t b = 0; b < block_count; ++b) {
    const PairRowsView& block = blocks[b];
    const auto groups = static_cast<std::ptrdiff_t>(block.groups);
    double* out = rates + block.first_row;
#pragma omp parallel for schedule(static) if (block.rows > kKernelParallelThreshold)
    for (std::ptrdiff_t g = 0; g < groups; ++g) {
      const int first = block.group_bodies[2 * g];
      const int second = block.group_bodies[2 * g + 1];
      const double* u = velocities + kDofs * first;
      double relative[3] = {u[0], u[1], u[2]};
      double spin_second[3] = {0.0, 0.0, 0.0};
      if (second >= 0) {
        const double* w = velocities + kDofs * second;
        for (int k = 0; k < 3; ++k) {
          relative[k] -= w[k];
          spin_second[k] = w[3 + k];
        }
      }
      for (int r = block.group_begin[g]; r < block.group_begin[g + 1]; ++r) {
        const double* terms = block.terms + kTerms * static_cast<std::size_t>(r);
        double sum = 0.0;
        for (int k = 0; k < 3; ++k)
          sum += terms[k] * relative[k] + terms[3 + k] * u[3 + k] + terms[6 + k] * spin_second[k];
        out[r] = beta == 0.0 ? scale * sum : scale * sum + beta * out[r];
      }
    }
  }
}

}  // namespace relcp::collision
