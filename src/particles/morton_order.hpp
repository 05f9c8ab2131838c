#pragma once
// Morton (Z-order) ordering of points: sorting bodies along this curve puts bodies that are
// close in space close in memory, so a rank's neighbour search, constraint rows and mobility
// blocks touch nearby memory (docs/benchmarks.md, "Contact step scaling").

#include <cstdint>
#include <span>
#include <vector>

#include "core/types.hpp"

namespace relcp::particles {

// The 63-bit Morton key of `point` on a 2^21 grid over the box [lower, upper] (points outside
// are clamped to the box; a flat axis maps to 0).
std::uint64_t morton_key(const Vec3& point, const Vec3& lower, const Vec3& upper);

// The permutation that lists `points` in increasing Morton key over their bounding box, ties
// by index: order[k] is the index of the k-th point along the curve.
std::vector<std::size_t> morton_order(std::span<const Vec3> points);

}  // namespace relcp::particles
