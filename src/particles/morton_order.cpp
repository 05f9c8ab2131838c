#include "particles/morton_order.hpp"

#include <algorithm>
#include <numeric>

namespace relcp::particles {
namespace {

constexpr int kBitsPerAxis = 21;
constexpr double kCells = static_cast<double>(1U << kBitsPerAxis);

// Spreads the low 21 bits of v so that bit i lands on bit 3 i.
std::uint64_t spread_bits(std::uint64_t v) {
  v &= 0x1fffffULL;
  v = (v | (v << 32)) & 0x1f00000000ffffULL;
  v = (v | (v << 16)) & 0x1f0000ff0000ffULL;
  v = (v | (v << 8)) & 0x100f00f00f00f00fULL;
  v = (v | (v << 4)) & 0x10c30c30c30c30c3ULL;
  v = (v | (v << 2)) & 0x1249249249249249ULL;
  return v;
}

std::uint64_t grid_coordinate(double x, double lower, double upper) {
  if (!(upper > lower)) return 0;
  const double scaled = std::clamp((x - lower) / (upper - lower) * kCells, 0.0, kCells - 1.0);
  return static_cast<std::uint64_t>(scaled);
}

}  // namespace

std::uint64_t morton_key(const Vec3& point, const Vec3& lower, const Vec3& upper) {
  std::uint64_t key = 0;
  for (int axis = 0; axis < 3; ++axis) {
    key |= spread_bits(grid_coordinate(point[axis], lower[axis], upper[axis])) << (2 - axis);
  }
  return key;
}

std::vector<std::size_t> morton_order(std::span<const Vec3> points) {
  std::vector<std::size_t> order(points.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  if (points.empty()) return order;
  Vec3 lower = points.front();
  Vec3 upper = points.front();
  for (const Vec3& point : points) {
    lower = lower.cwiseMin(point);
    upper = upper.cwiseMax(point);
  }
  std::vector<std::uint64_t> keys(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) keys[i] = morton_key(points[i], lower, upper);
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return keys[a] != keys[b] ? keys[a] < keys[b] : a < b; });
  return order;
}

}  // namespace relcp::particles
