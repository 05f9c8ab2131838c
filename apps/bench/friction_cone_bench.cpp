// The cone projection of the frictional CCP solvers (docs/friction.md, "The cost of a CCP
// iteration"), on one thread, over `cones` Coulomb cones of three rows each:
//   ConeProject/cones       FrictionCones::project in place (P_K(v));
//   ConeNaturalMap/cones    the natural map z - P_K(z - g) in one pass (FrictionCones::project_mapped),
//                           as ConeConstrainedSpace::projected_gradient computes it every iteration.
// The points are random (seed 1): a third inside their cone, a third outside, a third in the
// polar cone, in random order, as a solve's iterates mix sticking, sliding and separated
// contacts. Run: build/bin/friction_cone_bench [--benchmark_filter=...].

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include "lcp/friction/friction_cone.hpp"

namespace {

using relcp::lcp::FrictionConeBlock;
using relcp::lcp::FrictionCones;

FrictionCones coulomb_cones(std::size_t cones) {
  std::vector<FrictionConeBlock> blocks(cones);
  for (std::size_t c = 0; c < cones; ++c) blocks[c] = {.normal_row = 3 * c, .mu = 0.5};
  return FrictionCones(3 * cones, std::move(blocks));
}

// Each cone's point is, with equal chance, inside the cone, outside it but not in its polar cone,
// or in the polar cone (projected to the apex); mu = 0.5.
std::vector<double> mixed_points(std::size_t cones, std::uint32_t seed) {
  constexpr double mu = 0.5;
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::uniform_int_distribution<int> category(0, 2);
  std::vector<double> values(3 * cones);
  for (std::size_t c = 0; c < cones; ++c) {
    const double angle = 6.283185307179586 * unit(rng);
    double n = 0.1 + unit(rng);
    double t = 0.0;
    switch (category(rng)) {
      case 0:
        t = mu * n * unit(rng);
        break;  // inside
      case 1:
        t = mu * n * (1.1 + 2.0 * unit(rng));
        break;  // outside, projected to the surface
      default:
        n = -n;
        t = -n / mu * unit(rng);
        break;  // polar: to the apex
    }
    values[3 * c] = n;
    values[3 * c + 1] = t * std::cos(angle);
    values[3 * c + 2] = t * std::sin(angle);
  }
  return values;
}

void cone_sizes(benchmark::internal::Benchmark* benchmark) {
  for (const int cones : {1 << 10, 1 << 14, 1 << 17}) benchmark->Arg(cones);
}

void ConeProject(benchmark::State& state) {
  const auto cones = static_cast<std::size_t>(state.range(0));
  const FrictionCones layout = coulomb_cones(cones);
  const std::vector<double> points = mixed_points(cones, 1);
  std::vector<double> values(points.size());
  for (auto _ : state) {
    values = points;
    layout.project(values);
    benchmark::DoNotOptimize(values.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * cones));
}

void ConeNaturalMap(benchmark::State& state) {
  const auto cones = static_cast<std::size_t>(state.range(0));
  const FrictionCones layout = coulomb_cones(cones);
  const std::vector<double> z = mixed_points(cones, 1);
  const std::vector<double> g(z.size(), 0.0);  // z - g: the same mix
  std::vector<double> out(z.size());
  for (auto _ : state) {
    layout.project_mapped(
        out.size(), [&](std::size_t r) { return z[r] - g[r]; },
        [&](std::size_t r, double projected) { out[r] = z[r] - projected; });
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * cones));
}

BENCHMARK(ConeProject)->Apply(cone_sizes);
BENCHMARK(ConeNaturalMap)->Apply(cone_sizes);

}  // namespace

BENCHMARK_MAIN();
