#pragma once
// Which rank owns which part of space: one axis-aligned box per rank (faces may be infinite).
// The half-open boxes [lower, upper) tile space, so every point has exactly one owner.

#include <vector>

#include "core/types.hpp"

namespace relcp::particles {

struct RegionBox {
  Vec3 lower;
  Vec3 upper;

  bool is_empty() const { return (upper.array() < lower.array()).any(); }
  bool contains_closed(const Vec3& point) const {
    return (point.array() >= lower.array()).all() && (point.array() <= upper.array()).all();
  }
  bool contains_half_open(const Vec3& point) const {
    return (point.array() >= lower.array()).all() && (point.array() < upper.array()).all();
  }
};

// Euclidean distance from a point to a closed box (0 inside, infinity for an empty box).
double distance_to_box(const RegionBox& box, const Vec3& point);

class RegionMap {
 public:
  RegionMap() = default;
  explicit RegionMap(std::vector<RegionBox> boxes);  // boxes[r] belongs to rank r

  // All of space to `owner`, nothing to the other ranks (the state before any partitioning).
  static RegionMap single_owner(int owner, int num_ranks);

  int num_ranks() const { return static_cast<int>(boxes_.size()); }
  const RegionBox& box(int rank) const { return boxes_.at(static_cast<std::size_t>(rank)); }
  const std::vector<RegionBox>& boxes() const { return boxes_; }

  // The rank whose half-open box holds the point. Throws RunTimeFailure for a point outside
  // every box (a non-finite position).
  int owner_of(const Vec3& point) const;

 private:
  std::vector<RegionBox> boxes_;
};

}  // namespace relcp::particles
