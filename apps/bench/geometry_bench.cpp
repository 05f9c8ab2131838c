// Time per shared-normal signed distance (SNSD) call for each convex pair type, separated and
// overlapping, over a fixed set of random poses (docs/benchmarks.md, "Geometry").

#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "geometry/shape_properties.hpp"
#include "geometry/signed_separation.hpp"

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

void snsd(benchmark::State& state, const Shape& a, const Shape& b, Contact contact) {
  const std::vector<PosePair> poses = sample_poses(a, b, contact);
  std::size_t next = 0;
  long iterations = 0;
  for (auto _ : state) {
    const PosePair& pair = poses[next];
    next = (next + 1) % poses.size();
    const SignedSeparation s = signed_separation(a, pair.a, b, pair.b);
    iterations += s.iterations;
    benchmark::DoNotOptimize(s);
  }
  state.counters["newton_iterations"] =
      benchmark::Counter(static_cast<double>(iterations), benchmark::Counter::kAvgIterations);
}

const Shape kSphere = Sphere{0.5};
const Shape kEllipsoid = Ellipsoid{Vec3(1.0, 1.0, 2.0)};  // the paper's ellipsoids
const Shape kSpherocylinder = Spherocylinder{0.25, 2.0};  // the paper's rods (b = 0.5, l = 2.5)

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
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
