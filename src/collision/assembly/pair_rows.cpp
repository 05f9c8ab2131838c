#include "collision/assembly/pair_rows.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>

#include "collision/assembly/body_gather.hpp"

namespace relcp::collision {
namespace {

constexpr int kDofs = 6;
constexpr int kTerms = 9;
constexpr int kLeverTerms = 3;
constexpr int kLeverArms = 6;
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

using Vec3 = Eigen::Vector3d;

Vec3 vec3(const double* values) { return Vec3(values[0], values[1], values[2]); }

// Whether r x t_k reproduces every a_k of the group to rounding.
bool reproduces(const Vec3& arm, const double* terms, int rows, int angular_offset) {
  constexpr double kRoundingUlps = 64.0 * std::numeric_limits<double>::epsilon();
  for (int r = 0; r < rows; ++r) {
    const Vec3 t = vec3(terms + kTerms * r);
    const Vec3 a = vec3(terms + kTerms * r + angular_offset);
    const double size =
        std::max(a.lpNorm<Eigen::Infinity>(), arm.lpNorm<Eigen::Infinity>() * t.lpNorm<Eigen::Infinity>());
    if (!((arm.cross(t) - a).lpNorm<Eigen::Infinity>() <= kRoundingUlps * size)) return false;
  }
  return true;
}

// The arm r with r x t_k = a_k for every row k of a group (t_k its translational part, a_k its
// angular part on one body), or nothing when no arm reproduces them to rounding. r solves the
// normal equations of sum_k |r x t_k - a_k|^2, sum_k (|t_k|^2 I - t_k t_k^T) r = sum_k t_k x a_k;
// where the t_k are parallel (a group of one row) the matrix is c (I - e e^T) and r = b / c, the
// solution normal to e.
std::optional<Vec3> common_arm(const double* terms, int rows, int angular_offset) {
  Vec3 right = Vec3::Zero();
  double squared_norms = 0.0;
  for (int r = 0; r < rows; ++r) {
    const Vec3 t = vec3(terms + kTerms * r);
    right += t.cross(vec3(terms + kTerms * r + angular_offset));
    squared_norms += t.squaredNorm();
  }
  // The matrix's trace is 2 sum_k |t_k|^2. A contact's normal and two tangents are orthonormal,
  // so the matrix is 2 I (trace / 3 times the identity): try that solution before forming and
  // solving the system.
  const double trace = 2.0 * squared_norms;
  if (trace > 0.0) {
    const Vec3 isotropic = right * (3.0 / trace);
    if (reproduces(isotropic, terms, rows, angular_offset)) return isotropic;
  }
  Eigen::Matrix3d normal = Eigen::Matrix3d::Zero();
  for (int r = 0; r < rows; ++r) {
    const Vec3 t = vec3(terms + kTerms * r);
    normal += t.squaredNorm() * Eigen::Matrix3d::Identity() - t * t.transpose();
  }
  Vec3 arm = Vec3::Zero();
  if (normal.determinant() > 1e-6 * trace * trace * trace) {
    arm = normal.inverse() * right;
  } else if (trace > 0.0) {
    arm = right / (0.5 * trace);
  }
  if (!reproduces(arm, terms, rows, angular_offset)) return std::nullopt;
  return arm;
}

// In the lever form each group's numbers are one record: its arms, then t for each of its rows.
std::size_t lever_record_offset(std::size_t group, int first_row) {
  return kLeverArms * group + kLeverTerms * static_cast<std::size_t>(first_row);
}

}  // namespace

bool PairRows::adopt_lever_form() {
  const std::size_t groups = group_bodies_.size() / 2;
  std::vector<double> records(kLeverArms * groups + kLeverTerms * rows_, 0.0);
  for (std::size_t g = 0; g < groups; ++g) {
    const int first_row = group_begin_[g];
    const int rows = group_begin_[g + 1] - first_row;
    const double* terms = terms_.data() + kTerms * static_cast<std::size_t>(first_row);
    double* record = records.data() + lever_record_offset(g, first_row);
    for (int side = 0; side < 2; ++side) {
      if (group_bodies_[2 * g + static_cast<std::size_t>(side)] < 0) continue;
      const std::optional<Vec3> arm = common_arm(terms, rows, 3 + 3 * side);
      if (!arm) return false;
      for (int k = 0; k < 3; ++k) record[3 * side + k] = (*arm)[k];
    }
    for (int r = 0; r < rows; ++r) {
      for (int k = 0; k < kLeverTerms; ++k) record[kLeverArms + kLeverTerms * r + k] = terms[kTerms * r + k];
    }
  }
  terms_ = std::move(records);
  lever_ = true;
  return true;
}

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
  compact.adopt_lever_form();
  compact.index_incidence(block.column_bodies);
  return compact;
}

void PairRows::index_incidence(std::size_t column_bodies) {
  const std::size_t groups = group_bodies_.size() / 2;
  incidence_begin_.assign(column_bodies + 1, 0);
  for (const int body : group_bodies_) {
    if (body >= 0) ++incidence_begin_[static_cast<std::size_t>(body) + 1];
  }
  for (std::size_t c = 0; c < column_bodies; ++c) incidence_begin_[c + 1] += incidence_begin_[c];
  const auto entries = static_cast<std::size_t>(incidence_begin_[column_bodies]);
  incidence_.resize(lever_ ? 0 : entries);
  lever_incidence_.resize(lever_ ? entries : 0);
  std::vector<int> next(incidence_begin_.begin(), incidence_begin_.end() - 1);
  for (std::size_t g = 0; g < groups; ++g) {
    for (int side = 0; side < 2; ++side) {
      const int body = group_bodies_[2 * g + static_cast<std::size_t>(side)];
      if (body < 0) continue;
      const int first_row = group_begin_[g];
      const std::uint32_t entry = incidence_entry(first_row, group_begin_[g + 1] - first_row, side);
      const auto slot = static_cast<std::size_t>(next[body]++);
      if (lever_) {
        lever_incidence_[slot] = (static_cast<std::uint64_t>(lever_record_offset(g, first_row)) << 32) | entry;
      } else {
        incidence_[slot] = entry;
      }
    }
  }
}

PairRowsView PairRows::view() const {
  PairRowsView view;
  view.rows = rows_;
  view.first_row = first_row_;
  view.groups = group_bodies_.size() / 2;
  view.group_begin = group_begin_.data();
  view.group_bodies = group_bodies_.data();
  view.terms = terms_.data();
  view.lever_form = lever_;
  view.column_bodies = incidence_begin_.empty() ? 0 : incidence_begin_.size() - 1;
  view.incidence_begin = incidence_begin_.data();
  view.incidence = incidence_.data();
  view.lever_incidence = lever_incidence_.data();
  return view;
}

std::size_t PairRows::stored_bytes() const {
  return terms_.size() * sizeof(double) + lever_incidence_.size() * sizeof(std::uint64_t) +
         (group_begin_.size() + group_bodies_.size() + incidence_begin_.size() + incidence_.size()) * sizeof(int);
}

namespace {

// out += a x b.
void add_cross(const double* a, const double* b, double* out) {
  out[0] += a[1] * b[2] - a[2] * b[1];
  out[1] += a[2] * b[0] - a[0] * b[2];
  out[2] += a[0] * b[1] - a[1] * b[0];
}

// Body c's share of J^T (W gamma) from one block in the 9-number form.
template <bool Weighted>
void add_pair_forces(const PairRowsView& block, std::ptrdiff_t c, const double* block_gamma,
                     const double* block_weights, double* f) {
  for (int i = block.incidence_begin[c]; i < block.incidence_begin[c + 1]; ++i) {
    const std::uint32_t entry = block.incidence[i];
    const std::size_t first_row = entry >> 4;
    const int rows = static_cast<int>((entry >> 1) & 7u);
    const int side = static_cast<int>(entry & 1u);
    const double sign = side == 0 ? 1.0 : -1.0;
    const double* terms = block.terms + kTerms * first_row;
    for (int r = 0; r < rows; ++r, terms += kTerms) {
      const double g = row_weighted<Weighted>(block_weights, first_row + r, block_gamma[first_row + r]);
      const double* angular = terms + 3 + 3 * side;
      for (int k = 0; k < 3; ++k) f[k] += sign * g * terms[k];
      for (int k = 0; k < 3; ++k) f[3 + k] += g * angular[k];
    }
  }
}

// The same in the lever form: the group's force F = sum_r gamma_r t_r acts at the body's arm,
// so the body takes +-F and the torque arm x F.
template <bool Weighted>
void add_lever_forces(const PairRowsView& block, std::ptrdiff_t c, const double* block_gamma,
                      const double* block_weights, double* f) {
  for (int i = block.incidence_begin[c]; i < block.incidence_begin[c + 1]; ++i) {
    const std::uint64_t entry = block.lever_incidence[i];
    const auto row_entry = static_cast<std::uint32_t>(entry);
    const std::size_t first_row = row_entry >> 4;
    const int rows = static_cast<int>((row_entry >> 1) & 7u);
    const int side = static_cast<int>(row_entry & 1u);
    const double* record = block.terms + (entry >> 32);
    const double* t = record + kLeverArms;
    double force[3] = {0.0, 0.0, 0.0};
    for (int r = 0; r < rows; ++r, t += kLeverTerms) {
      const double g = row_weighted<Weighted>(block_weights, first_row + r, block_gamma[first_row + r]);
      for (int k = 0; k < 3; ++k) force[k] += g * t[k];
    }
    const double sign = side == 0 ? 1.0 : -1.0;
    const double* arm = record + 3 * side;
    for (int k = 0; k < 3; ++k) f[k] += sign * force[k];
    add_cross(arm, force, f + 3);
  }
}

// Runs rate(g, u, w) for every group g of the block, threaded over the groups: u the velocities
// of the group's first body, w those of its second (null for a wall row).
template <class GroupRates>
void for_each_group(const PairRowsView& block, const double* velocities, const GroupRates& rate) {
  const auto groups = static_cast<std::ptrdiff_t>(block.groups);
#pragma omp parallel for schedule(static) if (block.rows > kKernelParallelThreshold)
  for (std::ptrdiff_t g = 0; g < groups; ++g) {
    const int second = block.group_bodies[2 * g + 1];
    rate(g, velocities + kDofs * block.group_bodies[2 * g], second >= 0 ? velocities + kDofs * second : nullptr);
  }
}

// Rates of one block in the lever form: every row of a group is t_r . U with U = v_1 - v_2 +
// w_1 x r_1 + w_2 x r_2 (since (r x t) . w = t . (w x r)), U formed once per group.
template <bool Weighted>
void lever_rates(const PairRowsView& block, const double* velocities, double scale, double beta,
                 const double* block_weights, double* out) {
  for_each_group(block, velocities, [&](std::ptrdiff_t g, const double* u, const double* w) {
    const int first_row = block.group_begin[g];
    const double* arms = block.terms + lever_record_offset(static_cast<std::size_t>(g), first_row);
    double motion[3] = {u[0], u[1], u[2]};
    add_cross(u + 3, arms, motion);
    if (w != nullptr) {
      for (int k = 0; k < 3; ++k) motion[k] -= w[k];
      add_cross(w + 3, arms + 3, motion);
    }
    const double* t = arms + kLeverArms;
    for (int r = first_row; r < block.group_begin[g + 1]; ++r, t += kLeverTerms) {
      const double sum =
          row_weighted<Weighted>(block_weights, r, t[0] * motion[0] + t[1] * motion[1] + t[2] * motion[2]);
      out[r] = beta == 0.0 ? scale * sum : scale * sum + beta * out[r];
    }
  });
}

// Rates of one block in the 9-number form.
template <bool Weighted>
void pair_rates(const PairRowsView& block, const double* velocities, double scale, double beta,
                const double* block_weights, double* out) {
  for_each_group(block, velocities, [&](std::ptrdiff_t g, const double* u, const double* w) {
    double relative[3] = {u[0], u[1], u[2]};
    double spin_second[3] = {0.0, 0.0, 0.0};
    if (w != nullptr) {
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
      sum = row_weighted<Weighted>(block_weights, r, sum);
      out[r] = beta == 0.0 ? scale * sum : scale * sum + beta * out[r];
    }
  });
}

template <bool Weighted>
void gather_pair_forces(const PairRowsView* blocks, std::size_t block_count, const double* gamma, double* forces,
                        std::size_t body_count, const double* weights) {
  gather_per_body(blocks, block_count, gamma, forces, body_count,
                  [weights](const PairRowsView& block, std::ptrdiff_t c, const double* block_gamma, double* f) {
                    const double* block_weights = Weighted ? weights + block.first_row : nullptr;
                    if (block.lever_form) {
                      add_lever_forces<Weighted>(block, c, block_gamma, block_weights, f);
                    } else {
                      add_pair_forces<Weighted>(block, c, block_gamma, block_weights, f);
                    }
                  });
}

template <bool Weighted>
void pair_constraint_rates(const PairRowsView* blocks, std::size_t block_count, const double* velocities, double scale,
                           double beta, double* rates, const double* weights) {
  for (std::size_t b = 0; b < block_count; ++b) {
    const PairRowsView& block = blocks[b];
    const double* block_weights = Weighted ? weights + block.first_row : nullptr;
    if (block.lever_form) {
      lever_rates<Weighted>(block, velocities, scale, beta, block_weights, rates + block.first_row);
    } else {
      pair_rates<Weighted>(block, velocities, scale, beta, block_weights, rates + block.first_row);
    }
  }
}

}  // namespace

void gather_pair_forces(const PairRowsView* blocks, std::size_t block_count, const double* gamma, double* forces,
                        std::size_t body_count, const double* weights) {
  if (weights != nullptr) {
    gather_pair_forces<true>(blocks, block_count, gamma, forces, body_count, weights);
  } else {
    gather_pair_forces<false>(blocks, block_count, gamma, forces, body_count, nullptr);
  }
}

void pair_constraint_rates(const PairRowsView* blocks, std::size_t block_count, const double* velocities, double scale,
                           double beta, double* rates, const double* weights) {
  if (weights != nullptr) {
    pair_constraint_rates<true>(blocks, block_count, velocities, scale, beta, rates, weights);
  } else {
    pair_constraint_rates<false>(blocks, block_count, velocities, scale, beta, rates, nullptr);
  }
}

}  // namespace relcp::collision
