#pragma once
// The Coulomb friction cone of one contact and the projections onto a product of such cones.
//
// A frictional contact has three consecutive rows: the normal force f_n and two tangential
// forces f_t = (f_t1, f_t2). Its cone is K_mu = {(f_n, f_t) : ||f_t|| <= mu f_n}; mu = 0 leaves
// f_t = 0 and f_n >= 0. With rolling resistance two rows f_r (about the tangents) follow, with
// ||f_r|| <= rolling f_n, and with spinning resistance one row f_s (about the normal), with
// |f_s| <= spinning f_n (docs/friction.md): the cone is the intersection of these, projected by
// shared_normal_cones.hpp. Rows outside every cone are plain unilateral rows (f >= 0). The layout
// of a vector of forces is described by FrictionCones: the local index of each cone's normal row,
// ascending, with its coefficients.

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <span>
#include <stdexcept>
#include <vector>

#include "lcp/friction/cone_projection.hpp"
#include "lcp/friction/shared_normal_cones.hpp"

namespace relcp::lcp {

struct FrictionConeBlock {
  std::size_t normal_row = 0;  // the tangential rows follow at normal_row + 1 and + 2
  double mu = 0.0;
  double rolling = 0.0;   // > 0: two rolling rows follow the tangential ones
  double spinning = 0.0;  // > 0: one spinning row follows them

  bool resists_rolling() const { return rolling > 0.0; }
  bool resists_spinning() const { return spinning > 0.0; }
  std::size_t rolling_row() const { return normal_row + 3; }
  std::size_t spinning_row() const { return normal_row + (resists_rolling() ? 5 : 3); }
  std::size_t rows() const { return 3 + (resists_rolling() ? 2 : 0) + (resists_spinning() ? 1 : 0); }
  std::size_t end_row() const { return normal_row + rows(); }

  // Projects the block's rows of `values` (which start at values[normal_row]) onto its cone.
  void project(double* values) const { project_rows(values + normal_row); }

  // Projects the block's rows, `rows[0]` its normal row, onto its cone.
  void project_rows(double* rows) const {
    if (!resists_rolling() && !resists_spinning()) {
      project_onto_friction_cone(mu, rows[0], rows[1], rows[2]);
      return;
    }
    std::array<ConeBall, kMaxConeBalls> balls{};
    std::size_t count = 0;
    balls[count++] = {rows + 1, 2, mu};
    if (resists_rolling()) balls[count++] = {rows + (rolling_row() - normal_row), 2, rolling};
    if (resists_spinning()) balls[count++] = {rows + (spinning_row() - normal_row), 1, spinning};
    project_onto_shared_normal_cones(rows[0], balls.data(), count);
  }
};

// The most rows one cone has: normal, two tangential, two rolling, one spinning.
inline constexpr std::size_t kMaxConeRows = 6;

class FrictionCones {
 public:
  FrictionCones() = default;
  // Throws std::invalid_argument unless the blocks are ascending, non-overlapping, within `rows`
  // and have finite mu >= 0.
  FrictionCones(std::size_t rows, std::vector<FrictionConeBlock> blocks) : rows_(rows), blocks_(std::move(blocks)) {
    std::size_t next_free = 0;
    for (const FrictionConeBlock& block : blocks_) {
      if (block.normal_row < next_free || block.normal_row + block.rows() > rows_) {
        throw std::invalid_argument("FrictionCones: blocks overlap or leave the rows");
      }
      for (const double coefficient : {block.mu, block.rolling, block.spinning}) {
        if (!(std::isfinite(coefficient) && coefficient >= 0.0)) {
          throw std::invalid_argument("FrictionCones: a friction coefficient is negative or not finite");
        }
      }
      next_free = block.normal_row + block.rows();
    }
  }

  std::size_t rows() const { return rows_; }
  bool empty() const { return blocks_.empty(); }
  // True when some cone has rolling or spinning rows (beyond the Coulomb cone's three).
  bool resists_rotation() const {
    for (const FrictionConeBlock& block : blocks_) {
      if (block.rows() > 3) return true;
    }
    return false;
  }
  const std::vector<FrictionConeBlock>& blocks() const { return blocks_; }

  // values := the projection of values onto the product of the cones and the nonnegative orthant.
  void project(std::span<double> values) const {
    check(values.size());
    std::size_t row = 0;
    for (const FrictionConeBlock& block : blocks_) {
      for (; row < block.normal_row; ++row) values[row] = std::max(values[row], 0.0);
      block.project(values.data());
      row += block.rows();
    }
    for (; row < values.size(); ++row) values[row] = std::max(values[row], 0.0);
  }

  // In one pass over the rows, for every row r: value = input(r), the values projected onto the
  // product of the cones and the orthant, then output(r, projected value). input and output may
  // address the same arrays: a cone's rows are all read before any is written. Threaded over the
  // cones from `parallel_minimum_rows` rows on.
  template <class Input, class Output>
  void project_mapped(std::size_t size, Input input, Output output, std::size_t parallel_minimum_rows = 8192) const {
    check(size);
    const auto count = static_cast<std::ptrdiff_t>(blocks_.size());
#pragma omp parallel for schedule(static) if (size >= parallel_minimum_rows)
    for (std::ptrdiff_t b = 0; b < count; ++b) project_block(static_cast<std::size_t>(b), input, output);
    project_plain_rows(blocks_.empty() ? 0 : blocks_.back().end_row(), size, input, output);
  }

  // max over the rows r of measure(r, projected value), the values as in project_mapped, without
  // writing them; a NaN measure makes the result NaN. Threaded as project_mapped.
  template <class Input, class Measure>
  double max_mapped(std::size_t size, Input input, Measure measure, std::size_t parallel_minimum_rows = 8192) const {
    check(size);
    double largest = 0.0;
    bool nan = false;
    const auto count = static_cast<std::ptrdiff_t>(blocks_.size());
#pragma omp parallel for schedule(static) reduction(max                     \
                                                    : largest) reduction(|| \
                                                                         : nan) if (size >= parallel_minimum_rows)
    for (std::ptrdiff_t b = 0; b < count; ++b) {
      project_block(static_cast<std::size_t>(b), input, [&](std::size_t row, double projected) {
        const double value = measure(row, projected);
        nan = nan || std::isnan(value);
        largest = std::max(largest, value);
      });
    }
    project_plain_rows(blocks_.empty() ? 0 : blocks_.back().end_row(), size, input,
                       [&](std::size_t row, double projected) {
                         const double value = measure(row, projected);
                         nan = nan || std::isnan(value);
                         largest = std::max(largest, value);
                       });
    return nan ? std::numeric_limits<double>::quiet_NaN() : largest;
  }

 private:
  // Block b's cone and the plain rows before it, as project_mapped maps them.
  template <class Input, class Output>
  void project_block(std::size_t b, const Input& input, const Output& output) const {
    const FrictionConeBlock& block = blocks_[b];
    project_plain_rows(b == 0 ? 0 : blocks_[b - 1].end_row(), block.normal_row, input, output);
    const std::size_t first = block.normal_row;
    if (block.rows() == 3) {  // a Coulomb cone: the common case, unrolled
      double n = input(first), t1 = input(first + 1), t2 = input(first + 2);
      project_onto_friction_cone(block.mu, n, t1, t2);
      output(first, n);
      output(first + 1, t1);
      output(first + 2, t2);
      return;
    }
    std::array<double, kMaxConeRows> rows;
    const std::size_t cone_rows = block.rows();
    for (std::size_t k = 0; k < cone_rows; ++k) rows[k] = input(first + k);
    block.project_rows(rows.data());
    for (std::size_t k = 0; k < cone_rows; ++k) output(first + k, rows[k]);
  }

  template <class Input, class Output>
  static void project_plain_rows(std::size_t begin, std::size_t end, const Input& input, const Output& output) {
    for (std::size_t row = begin; row < end; ++row) output(row, std::max(input(row), 0.0));
  }

  void check(std::size_t size) const {
    if (size != rows_) throw std::invalid_argument("FrictionCones: vector size differs from the layout");
  }

  std::size_t rows_ = 0;
  std::vector<FrictionConeBlock> blocks_;
};

}  // namespace relcp::lcp
