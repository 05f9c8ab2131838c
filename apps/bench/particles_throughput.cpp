// Throughput of the contact-free particle pipeline (MPI + OpenMP, output off): body-steps per
// second for a uniform suspension drifting through a periodic box. One step = force fields,
// overdamped update, migration (or Zoltan2 rebalancing every --rebalance-every steps), ghost
// exchange and neighbour search. An MPI main rather than Google Benchmark, whose repetition
// logic does not synchronise ranks; run it with mpirun (scripts/bench_particles.sh).
#include <mpi.h>
#include <omp.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <numbers>
#include <string>

#include "bench/mpi_bench.hpp"
#include "core/stopwatch.hpp"
#include "dynamics/constant_force.hpp"
#include "dynamics/overdamped_integrator.hpp"
#include "particles/neighbour_search.hpp"
#include "particles/particle_store.hpp"
#include "particles/random_placement.hpp"

namespace {

using namespace relcp;

struct Options {
  long long bodies = 100000;
  int steps = 50;
  int rebalance_every = 25;
  double volume_fraction = 0.1;
  double search_buffer = 0.2;
  std::string method = "rcb";
  bool search = true;
};

enum Phase { kForces, kIntegrate, kMigrate, kGhosts, kSearch, kPhases };
const char* const kPhaseNames[kPhases] = {"forces", "integrate", "migrate", "ghosts", "search"};

using apps::bench::max_over_ranks;
using apps::bench::process_cpu_seconds;

int run(const Options& options) {
  int rank = 0;
  int ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);

  const double radius = 0.5;
  const double side = std::cbrt(static_cast<double>(options.bodies) * 4.0 / 3.0 * std::numbers::pi * radius * radius *
                                radius / options.volume_fraction);
  particles::Domain domain;
  domain.lower = Vec3::Zero();
  domain.upper = Vec3::Constant(side);
  domain.periodic = {true, true, true};

  particles::RandomPlacement placement;
  placement.count = options.bodies;
  placement.lower = domain.lower;
  placement.upper = domain.upper;
  placement.shape = geometry::Sphere{radius};
  placement.seed = 1;
  particles::ParticleStore store(MPI_COMM_WORLD, domain);
  store.distribute_from_all(particles::place_random_bodies(placement, domain));
  const particles::Partitioner partitioner(particles::partition_method_from_name(options.method, "--method"));
  store.rebalance(partitioner);

  dynamics::ForceFields fields;
  fields.push_back(std::make_unique<dynamics::ConstantForce>(Vec3(1.0, 0.5, 0.25)));
  const dynamics::OverdampedIntegrator integrator(dynamics::LocalDragMobility(1.0));
  const double dt = 0.05;  // drift ~0.6 diameters per step: bodies keep crossing regions

  // Wall and CPU seconds per phase. On a dedicated machine they agree; on a shared one the CPU
  // seconds of the compute phases (forces, integrate, search) still show the work per rank.
  double phase_seconds[kPhases] = {};
  double phase_cpu_seconds[kPhases] = {};
  Stopwatch phase_clock;
  double phase_cpu_start = 0.0;
  const auto start_phase = [&] {
    phase_clock.restart();
    phase_cpu_start = process_cpu_seconds();
  };
  const auto end_phase = [&](Phase p) {
    phase_seconds[p] += phase_clock.seconds();
    phase_cpu_seconds[p] += process_cpu_seconds() - phase_cpu_start;
  };
  long long pairs = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  const Stopwatch total;
  const double cpu_start = process_cpu_seconds();
  for (int step = 1; step <= options.steps; ++step) {
    start_phase();
    dynamics::apply_force_fields(fields, store.owned());
    end_phase(kForces);
    start_phase();
    integrator.step(store.owned(), dt);
    end_phase(kIntegrate);
    start_phase();
    if (options.rebalance_every > 0 && step % options.rebalance_every == 0) {
      store.rebalance(partitioner);
    } else {
      store.migrate();
    }
    end_phase(kMigrate);
    if (!options.search) continue;
    start_phase();
    store.exchange_ghosts(options.search_buffer);
    end_phase(kGhosts);
    start_phase();
    pairs = static_cast<long long>(particles::find_candidate_pairs(store, options.search_buffer).size());
    end_phase(kSearch);
  }
  const double seconds = max_over_ranks(total.seconds());
  const double cpu_seconds = max_over_ranks(process_cpu_seconds() - cpu_start);
  long long total_pairs = 0;
  MPI_Reduce(&pairs, &total_pairs, 1, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  double phase_max[kPhases];
  double phase_cpu_max[kPhases];
  for (int p = 0; p < kPhases; ++p) {
    phase_max[p] = max_over_ranks(phase_seconds[p]);
    phase_cpu_max[p] = max_over_ranks(phase_cpu_seconds[p]);
  }
  const long long count = store.global_count();
  double local = static_cast<double>(store.owned().size());
  const double imbalance = max_over_ranks(local) / (static_cast<double>(count) / ranks);

  if (rank == 0) {
    std::printf(
        "{\"ranks\": %d, \"threads\": %d, \"bodies\": %lld, \"steps\": %d, "
        "\"search\": %s, \"method\": \"%s\", \"seconds\": %.4f, \"cpu_seconds\": %.4f, "
        "\"body_steps_per_second\": %.4e, \"final_pairs\": %lld, \"imbalance\": %.3f",
        ranks, omp_get_max_threads(), count, options.steps, options.search ? "true" : "false", options.method.c_str(),
        seconds, cpu_seconds, static_cast<double>(count) * options.steps / seconds, total_pairs, imbalance);
    for (int p = 0; p < kPhases; ++p) {
      std::printf(", \"%s_seconds\": %.4f, \"%s_cpu_seconds\": %.4f", kPhaseNames[p], phase_max[p], kPhaseNames[p],
                  phase_cpu_max[p]);
    }
    std::printf("}\n");
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app("contact-free particle pipeline throughput (body-steps per second)", "particles_throughput");
  Options options;
  app.add_option("--bodies", options.bodies, "number of spheres")->check(CLI::PositiveNumber);
  app.add_option("--steps", options.steps, "timed steps")->check(CLI::PositiveNumber);
  app.add_option("--rebalance-every", options.rebalance_every, "Zoltan2 rebalancing period (0: never)");
  app.add_option("--volume-fraction", options.volume_fraction, "solid volume fraction")->check(CLI::Range(1e-6, 0.3));
  app.add_option("--method", options.method, "rcb or multijagged");
  app.add_flag("!--no-search", options.search, "skip ghost exchange and neighbour search");
  return apps::bench::run_mpi_app(app, argc, argv, [&] { return run(options); });
}
