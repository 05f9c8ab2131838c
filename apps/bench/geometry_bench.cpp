// Time per shared-normal signed distance (SNSD) call for each pair type, separated and
// overlapping, over a fixed set of random poses (docs/benchmarks.md, "Geometry"). For the torus
// pairs also the call detection makes, signed_separation_below(threshold = 0.2), on candidate
// pairs: bounding balls within 0.2 of each other.

#include <benchmark/benchmark.h>

#include <random>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "geometry/shapes/shape_properties.hpp"
#include "geometry/separation/signed_separation.hpp"

namespace {

using relcp::Quaternion;
using relcp::Vec3;
using namespace relcp::geometry;

enum class Contact { separated, overlapping };

struct PosePair {
  Pose a;
  Pose b;
};

Quaternion random_rotation(std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  return Quaternion(normal(rng), normal(rng), normal(rng), normal(rng)).normalized();
}

// 256 relative poses whose SNSD has the requested sign.
std::vector<PosePair> sample_poses(const Shape& a, const Shape& b, Contact contact) {
  std::mt19937_64 rng(2024);
  std::normal_distribution<double> normal;
  const double reach = bounding_radius(a) + bounding_radius(b);
  std::uniform_real_distribution<double> distance(0.1 * reach, 1.3 * reach);
  std::vector<PosePair> poses;
  while (poses.size() < 256) {
    const Vec3 direction = Vec3(normal(rng), normal(rng), normal(rng)).normalized();
    const PosePair pair{Pose{Vec3::Zero(), random_rotation(rng)},
                        Pose{distance(rng) * direction, random_rotation(rng)}};
    const double phi = signed_separation(a, pair.a, b, pair.b).phi;
    if ((phi > 0.0) == (contact == Contact::separated)) poses.push_back(pair);
  }
  return poses;
}

// 256 relative poses of a broad phase's candidate pairs: bounding balls closer than the buffer.
std::vector<PosePair> candidate_poses(const Shape& a, const Shape& b, double buffer) {
  std::mt19937_64 rng(2025);
  std::normal_distribution<double> normal;
  const double reach = bounding_radius(a) + bounding_radius(b) + buffer;
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<PosePair> poses;
  while (poses.size() < 256) {
    const Vec3 direction = Vec3(normal(rng), normal(rng), normal(rng)).normalized();
    poses.push_back({Pose{Vec3::Zero(), random_rotation(rng)},
                     Pose{reach * std::cbrt(unit(rng)) * direction, random_rotation(rng)}});
  }
  return poses;
}

// Calls `separation(pair)` on the poses in turn; `count(s)` is summed into the named counter
// (an average per call).
template <class Separation, class Count>
void cycle_poses(benchmark::State& state, const std::vector<PosePair>& poses, Separation separation, Count count,
                 const char* counter) {
  std::size_t next = 0;
  double counted = 0.0;
  for (auto _ : state) {
    const SignedSeparation s = separation(poses[next]);
    next = (next + 1) % poses.size();
    counted += count(s);
    benchmark::DoNotOptimize(s);
  }
  state.counters[counter] = benchmark::Counter(counted, benchmark::Counter::kAvgIterations);
}

void snsd_below(benchmark::State& state, const Shape& a, const Shape& b, double threshold) {
  cycle_poses(
      state, candidate_poses(a, b, threshold),
      [&](const PosePair& pair) { return signed_separation_below(a, pair.a, b, pair.b, threshold); },
      [](const SignedSeparation& s) { return s.bound_only ? 1.0 : 0.0; }, "bound_only_share");
}

void snsd(benchmark::State& state, const Shape& a, const Shape& b, Contact contact) {
  cycle_poses(
      state, sample_poses(a, b, contact), [&](const PosePair& pair) { return signed_separation(a, pair.a, b, pair.b); },
      [](const SignedSeparation& s) { return static_cast<double>(s.iterations); }, "newton_iterations");
}

const Shape kSphere = Sphere{0.5};
const Shape kEllipsoid = Ellipsoid{Vec3(1.0, 1.0, 2.0)};  // the paper's ellipsoids
const Shape kSpherocylinder = Spherocylinder{0.25, 2.0};  // the paper's rods (b = 0.5, l = 2.5)
const Shape kRing = Torus{1.0, 0.2};                      // the demo's small tori
const Shape kDemoEllipsoid = Ellipsoid{Vec3(0.5, 0.5, 1.0)};

void register_pair(const std::string& name, const Shape& a, const Shape& b) {
  for (const Contact contact : {Contact::separated, Contact::overlapping}) {
    const std::string label = name + (contact == Contact::separated ? "/separated" : "/overlapping");
    benchmark::RegisterBenchmark(label.c_str(), snsd, a, b, contact);
  }
}

const bool kRegistered = [] {
  register_pair("SNSD/sphere_sphere", kSphere, kSphere);
  register_pair("SNSD/sphere_spherocylinder", kSphere, kSpherocylinder);
  register_pair("SNSD/spherocylinder_spherocylinder", kSpherocylinder, kSpherocylinder);
  register_pair("SNSD/ellipsoid_sphere", kEllipsoid, kSphere);
  register_pair("SNSD/ellipsoid_ellipsoid", kEllipsoid, kEllipsoid);
  register_pair("SNSD/ellipsoid_spherocylinder", kEllipsoid, kSpherocylinder);
  register_pair("SNSD/torus_sphere", kRing, kSphere);
  register_pair("SNSD/torus_ellipsoid", kRing, kDemoEllipsoid);
  register_pair("SNSD/torus_spherocylinder", kRing, kSpherocylinder);
  register_pair("SNSD/torus_torus", kRing, kRing);
  for (const auto& [name, other] : {std::pair<std::string, Shape>{"sphere", kSphere},
                                    {"ellipsoid", kDemoEllipsoid},
                                    {"spherocylinder", kSpherocylinder},
                                    {"torus", kRing}}) {
    benchmark::RegisterBenchmark(("SNSD_below/torus_" + name + "/candidates").c_str(), snsd_below, kRing, other, 0.2);
  }
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
