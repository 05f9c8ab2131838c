#include "particles/random_placement.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <sstream>
#include <unordered_map>

#include "core/error.hpp"
#include "geometry/shapes/shape_properties.hpp"
#include "particles/counter_rng.hpp"
#include "particles/morton_order.hpp"

namespace relcp::particles {

Quaternion uniform_rotation(double u1, double u2, double u3) {
  const double a = std::sqrt(1.0 - u1);
  const double b = std::sqrt(u1);
  const double t1 = 2.0 * std::numbers::pi * u2;
  const double t2 = 2.0 * std::numbers::pi * u3;
  return Quaternion(b * std::cos(t2), a * std::sin(t1), a * std::cos(t1), b * std::sin(t2)).normalized();
}

namespace {

// Spatial hash of placed spheres; cells as large as the largest exclusion distance.
class SphereHash {
 public:
  explicit SphereHash(double cell_size) : cell_size_(cell_size) {}

  void insert(const Vec3& centre, double radius) {
    const auto index = spheres_.size();
    spheres_.push_back({centre, radius});
    cells_[key(cell_of(centre))].push_back(index);
  }

  // True when a sphere (centre, radius) keeps min_gap from every stored sphere.
  bool is_clear(const Vec3& centre, double radius, double min_gap) const {
    const std::array<long long, 3> c = cell_of(centre);
    for (long long dz = -1; dz <= 1; ++dz) {
      for (long long dy = -1; dy <= 1; ++dy) {
        for (long long dx = -1; dx <= 1; ++dx) {
          const auto found = cells_.find(key({c[0] + dx, c[1] + dy, c[2] + dz}));
          if (found == cells_.end()) continue;
          for (const std::size_t k : found->second) {
            const double reach = spheres_[k].radius + radius + min_gap;
            if ((spheres_[k].centre - centre).squaredNorm() < reach * reach) return false;
          }
        }
      }
    }
    return true;
  }

 private:
  struct StoredSphere {
    Vec3 centre;
    double radius;
  };

  std::array<long long, 3> cell_of(const Vec3& x) const {
    return {static_cast<long long>(std::floor(x.x() / cell_size_)),
            static_cast<long long>(std::floor(x.y() / cell_size_)),
            static_cast<long long>(std::floor(x.z() / cell_size_))};
  }
  static std::uint64_t key(const std::array<long long, 3>& c) {
    // 21 bits per axis (two's complement truncated) is plenty for any realistic box.
    const auto part = [](long long v) { return static_cast<std::uint64_t>(v) & 0x1fffffULL; };
    return part(c[0]) | (part(c[1]) << 21) | (part(c[2]) << 42);
  }

  double cell_size_;
  std::vector<StoredSphere> spheres_;
  std::unordered_map<std::uint64_t, std::vector<std::size_t>> cells_;
};

// The shifts under which a test sphere near the periodic boundary must also be checked.
std::vector<Vec3> image_shifts_near(const Domain& domain, const Vec3& centre, double reach) {
  std::vector<Vec3> shifts{Vec3::Zero()};
  for (int axis = 0; axis < 3; ++axis) {
    if (!domain.periodic[axis]) continue;
    double shift = 0.0;
    if (centre[axis] - domain.lower[axis] < reach) shift = domain.length(axis);
    if (domain.upper[axis] - centre[axis] < reach) shift = -domain.length(axis);
    if (shift == 0.0) continue;
    const std::size_t count = shifts.size();
    for (std::size_t i = 0; i < count; ++i) {
      Vec3 shifted = shifts[i];
      shifted[axis] += shift;
      shifts.push_back(shifted);
    }
  }
  return shifts;
}

// Ids in Morton order of the centres: the store keeps its bodies by id, so this puts neighbours
// near each other in memory (docs/benchmarks.md, "Contact step scaling").
std::vector<Body> numbered_along_morton_curve(std::vector<Body> bodies, GlobalId first_id) {
  std::vector<Vec3> centres;
  centres.reserve(bodies.size());
  for (const Body& body : bodies) centres.push_back(body.pose.position);
  const std::vector<std::size_t> order = morton_order(centres);
  std::vector<Body> numbered;
  numbered.reserve(bodies.size());
  for (const std::size_t index : order) {
    numbered.push_back(std::move(bodies[index]));
    numbered.back().id = first_id + static_cast<GlobalId>(numbered.size() - 1);
  }
  return numbered;
}

}  // namespace

std::vector<Body> place_random_bodies(const RandomPlacement& placement, const Domain& domain,
                                      std::span<const Body> existing) {
  if (placement.count < 0) throw InputError("count", "must not be negative");
  if (!((placement.upper.array() >= placement.lower.array()).all())) {
    throw InputError("region", "upper must not be below lower");
  }
  if (placement.min_gap < 0.0) throw InputError("min_gap", "must not be negative");

  const double radius = geometry::bounding_radius(placement.shape);
  double largest_radius = radius;
  for (const Body& body : existing) {
    largest_radius = std::max(largest_radius, geometry::bounding_radius(body.shape));
  }
  const double exclusion = radius + largest_radius + placement.min_gap;
  SphereHash placed(std::max(exclusion, 1e-12));
  for (const Body& body : existing) {
    placed.insert(domain.wrap(body.pose.position), geometry::bounding_radius(body.shape));
  }

  const CounterRng rng(placement.seed);
  const Vec3 extent = placement.upper - placement.lower;
  std::vector<Body> bodies;
  bodies.reserve(static_cast<std::size_t>(placement.count));
  for (std::int64_t k = 0; k < placement.count; ++k) {
    const auto stream = static_cast<std::uint64_t>(k);
    bool done = false;
    for (int attempt = 0; attempt < placement.max_attempts_per_body && !done; ++attempt) {
      const std::uint64_t counter = static_cast<std::uint64_t>(attempt) * 6;
      const Vec3 unit(rng.uniform(stream, counter), rng.uniform(stream, counter + 1), rng.uniform(stream, counter + 2));
      const Vec3 centre = domain.wrap(placement.lower + extent.cwiseProduct(unit));
      bool clear = true;
      for (const Vec3& shift : image_shifts_near(domain, centre, exclusion)) {
        if (!placed.is_clear(centre + shift, radius, placement.min_gap)) {
          clear = false;
          break;
        }
      }
      if (!clear) continue;
      Body body;
      body.shape = placement.shape;
      body.pose.position = centre;
      body.pose.orientation = placement.orientation == OrientationMode::fixed
                                  ? placement.fixed_orientation.normalized()
                                  : uniform_rotation(rng.uniform(stream, counter + 3), rng.uniform(stream, counter + 4),
                                                     rng.uniform(stream, counter + 5));
      placed.insert(centre, radius);
      bodies.push_back(body);
      done = true;
    }
    if (!done) {
      std::ostringstream message;
      message << "no free place for body " << k << " of " << placement.count << " after "
              << placement.max_attempts_per_body << " random tries; lower count or min_gap, or enlarge the region";
      throw InputError("count", message.str());
    }
  }
  return numbered_along_morton_curve(std::move(bodies), placement.first_id);
}

}  // namespace relcp::particles
