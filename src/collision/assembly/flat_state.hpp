#pragma once
// The contact stage's state between steps as a flat array of doubles, for checkpoints
// (docs/output.md, "Checkpoints": `contact_state`). Integers go in bit for bit, so that a
// restart continues exactly; a reader that runs short or meets an unknown shape throws
// RunTimeFailure.

#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/types.hpp"
#include "geometry/shapes/shape.hpp"
#include "geometry/shapes/shape_parameters.hpp"

namespace relcp::collision {

class FlatStateWriter {
 public:
  void number(double value) { values_.push_back(value); }
  void integer(std::int64_t value) { values_.push_back(std::bit_cast<double>(value)); }
  void vector(const Vec3& v) { values_.insert(values_.end(), {v[0], v[1], v[2]}); }
  void shape(const geometry::Shape& shape) {
    integer(static_cast<std::int64_t>(shape.index()));
    for (const double p : geometry::shape_parameters(shape)) number(p);
  }
  std::vector<double> take() { return std::move(values_); }

 private:
  std::vector<double> values_;
};

class FlatStateReader {
 public:
  explicit FlatStateReader(const std::vector<double>& values) : values_(values) {}

  double number() {
    if (next_ >= values_.size()) throw RunTimeFailure("contact state: the checkpoint's contact_state is truncated");
    return values_[next_++];
  }
  std::int64_t integer() { return std::bit_cast<std::int64_t>(number()); }
  std::size_t count() {
    const std::int64_t n = integer();
    if (n < 0 || static_cast<std::size_t>(n) > values_.size() - next_ + 1) {
      throw RunTimeFailure("contact state: a count of " + std::to_string(n) + " does not fit the checkpoint");
    }
    return static_cast<std::size_t>(n);
  }
  Vec3 vector() {
    const double x = number();
    const double y = number();
    return {x, y, number()};
  }
  geometry::Shape shape() {
    const auto kind = static_cast<geometry::ShapeKind>(integer());
    geometry::ShapeParameters parameters{};
    for (double& p : parameters) p = number();
    const auto shape = geometry::shape_from_parameters(kind, parameters);
    if (!shape) throw RunTimeFailure("contact state: a row with an unknown shape");
    return *shape;
  }
  bool at_end() const { return next_ == values_.size(); }

 private:
  const std::vector<double>& values_;
  std::size_t next_ = 0;
};

}  // namespace relcp::collision
