// Cost of one ReLCP contact step as the body count grows (collision::ContactResolver, strategy
// relcp, bbpgd unless --solver says otherwise, tolerance 1e-5, search buffer 0.2, overdamped drag
// 1, dt 0.01), split into the resolver's detection, assembly and solve times. An MPI main (rank
// timings synchronised by barriers); scripts/bench_contact_scaling.sh runs the series,
// docs/benchmarks.md ("Contact step scaling") has results.
//
// The packing: N ellipsoids with semi-axes (1, 1, 2), random orientations, centres placed by
// random sequential addition (true shared-normal separation >= --min-gap against every placed
// body) in a cube whose side gives the initial volume fraction --volume-fraction; open space
// (no periodic axes). Generated on rank 0, broadcast, distributed with distribute_from_all and
// Zoltan2 rcb. Loads: an inward radial force (dynamics::RadialForce, Palmer et al. 2025,
// Sec. 4.2) plus a fixed random force per body (random direction, --random-force), so that
// neighbours are pushed into each other everywhere in the packing, not only where the radial flow
// converges, and the contact network is loaded at every step. --warmup-steps steps (reported, but
// not in the means; the first one removes the initial overlaps) form the contacts, then --steps
// timed steps follow. One step = forces, contact-free velocities, resolve, advance, migrate (as
// io::Simulation::advance_one_step); only resolve() is timed: the resolver's detection / assembly
// / solve wall seconds (slowest rank) and the CPU seconds of the busiest rank. Output: one JSON
// object on stdout (appended to --json FILE too), per-step lines on stderr.
#include <mpi.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <fstream>
#include <memory>
#include <numbers>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/mpi_bench.hpp"
#include "collision/linalg/distributed_vector.hpp"
#include "collision/solvers/distributed_solver_registry.hpp"
#include "collision/strategies/contact_resolver.hpp"
#include "core/stopwatch.hpp"
#include "dynamics/overdamped_integrator.hpp"
#include "dynamics/radial_force.hpp"
#include "geometry/separation/signed_separation.hpp"
#include "particles/body_codec.hpp"
#include "particles/counter_rng.hpp"
#include "particles/morton_order.hpp"
#include "particles/particle_store.hpp"
#include "particles/partitioner.hpp"
#include "particles/random_placement.hpp"

namespace {

using namespace relcp;

struct Options {
  long long bodies = 10000;
  int steps = 5;
  int warmup_steps = 5;
  double volume_fraction = 0.3;
  double min_gap = -0.1;
  double radial_force = 2.0;
  double random_force = 10.0;
  double dt = 0.01;
  std::uint64_t seed = 1;
  std::string id_order = "morton";  // as the `random` generator numbers bodies; or "placement"
  std::string json;
  std::string solver = "bbpgd";  // any distributed solver name
};

const Vec3 kRadii(1.0, 1.0, 2.0);

using apps::bench::max_over_ranks;
using apps::bench::process_cpu_seconds;

// Profiling hook: with RELCP_PERF_CTL naming perf record's --control fifo (started with -D -1),
// the timed steps alone are sampled.
void perf_control(const char* command) {
  static const char* const fifo = std::getenv("RELCP_PERF_CTL");
  if (fifo == nullptr) return;
  std::ofstream out(fifo);
  out << command << std::endl;
}

double load_average() {
  std::ifstream in("/proc/loadavg");
  double one = -1.0;
  in >> one;
  return one;
}

// Random sequential addition of ellipsoids with the true separation test: a candidate is kept
// when its shared-normal separation from every placed body within bounding reach is >= min_gap.
// Centres in [-side/2, side/2]^3. The unit inner spheres give the cheap rejection phi <= d - 2.
std::vector<particles::Body> place_ellipsoids(const Options& options, double side) {
  const double reach = 2.0 * kRadii.maxCoeff() + std::max(options.min_gap, 0.0);
  const auto dims = static_cast<long long>(std::max(1.0, std::floor(side / reach)));
  const double cell = side / static_cast<double>(dims);
  std::vector<std::vector<int>> cells(static_cast<std::size_t>(dims * dims * dims));
  const auto cell_index = [&](const Vec3& x, long long(&c)[3]) {
    for (int axis = 0; axis < 3; ++axis) {
      c[axis] = std::clamp(static_cast<long long>((x[axis] + 0.5 * side) / cell), 0LL, dims - 1);
    }
  };
  std::mt19937_64 rng(options.seed);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  const geometry::Shape shape = geometry::Ellipsoid{kRadii};
  std::vector<particles::Body> bodies;
  bodies.reserve(static_cast<std::size_t>(options.bodies));
  const long long max_attempts = 100000;
  for (long long i = 0; i < options.bodies; ++i) {
    bool placed = false;
    for (long long attempt = 0; attempt < max_attempts && !placed; ++attempt) {
      particles::Body body;
      body.id = i;
      body.shape = shape;
      body.pose.position = Vec3((uniform(rng) - 0.5) * side, (uniform(rng) - 0.5) * side, (uniform(rng) - 0.5) * side);
      body.pose.orientation = particles::uniform_rotation(uniform(rng), uniform(rng), uniform(rng));
      long long c[3];
      cell_index(body.pose.position, c);
      bool clear = true;
      for (long long z = std::max(c[2] - 1, 0LL); clear && z <= std::min(c[2] + 1, dims - 1); ++z) {
        for (long long y = std::max(c[1] - 1, 0LL); clear && y <= std::min(c[1] + 1, dims - 1); ++y) {
          for (long long x = std::max(c[0] - 1, 0LL); clear && x <= std::min(c[0] + 1, dims - 1); ++x) {
            for (const int j : cells[static_cast<std::size_t>((z * dims + y) * dims + x)]) {
              const particles::Body& other = bodies[static_cast<std::size_t>(j)];
              const double d = (other.pose.position - body.pose.position).norm();
              if (d >= reach) continue;
              if (d - 2.0 * kRadii.minCoeff() < options.min_gap ||
                  geometry::signed_separation(body.shape, body.pose, other.shape, other.pose).phi < options.min_gap) {
                clear = false;
                break;
              }
            }
          }
        }
      }
      if (!clear) continue;
      cells[static_cast<std::size_t>((c[2] * dims + c[1]) * dims + c[0])].push_back(static_cast<int>(bodies.size()));
      bodies.push_back(body);
      placed = true;
    }
    if (!placed) {
      throw std::runtime_error("random sequential addition stalled after " + std::to_string(i) +
                               " bodies; lower --volume-fraction");
    }
  }
  if (options.id_order == "morton") {
    std::vector<Vec3> centres;
    for (const particles::Body& body : bodies) centres.push_back(body.pose.position);
    std::vector<particles::Body> numbered;
    for (const std::size_t index : particles::morton_order(centres)) {
      numbered.push_back(bodies[index]);
      numbered.back().id = static_cast<GlobalId>(numbered.size() - 1);
    }
    bodies = std::move(numbered);
  }
  return bodies;
}

// Rank 0 places the bodies, every rank receives them (24 doubles each).
std::vector<particles::Body> shared_packing(const Options& options, double side, int rank) {
  std::vector<double> records(static_cast<std::size_t>(options.bodies) * particles::kBodyRecordSize);
  if (rank == 0) {
    const std::vector<particles::Body> bodies = place_ellipsoids(options, side);
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      particles::pack_body(bodies[i], records.data() + i * particles::kBodyRecordSize);
    }
  }
  MPI_Bcast(records.data(), static_cast<int>(records.size()), MPI_DOUBLE, 0, MPI_COMM_WORLD);
  std::vector<particles::Body> bodies(static_cast<std::size_t>(options.bodies));
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    bodies[i] = particles::unpack_body(records.data() + i * particles::kBodyRecordSize);
  }
  return bodies;
}

struct StepRecord {
  int step = 0;
  double detection = 0.0;
  double assembly = 0.0;
  double solve = 0.0;
  double wall = 0.0;  // resolve() on the slowest rank
  double cpu = 0.0;   // CPU seconds of resolve() on the busiest rank (all its threads)
  std::int64_t constraints = 0;
  std::int64_t active = 0;  // gamma > 0 after the last solve
  std::int64_t relcp_iterations = 0;
  std::int64_t solver_iterations = 0;
  double max_overlap = 0.0;
};

std::string to_json(const StepRecord& r) {
  std::ostringstream out;
  out.precision(6);
  out << "{\"step\": " << r.step << ", \"detection_seconds\": " << r.detection
      << ", \"assembly_seconds\": " << r.assembly << ", \"solve_seconds\": " << r.solve
      << ", \"resolve_seconds\": " << r.wall << ", \"resolve_cpu_seconds\": " << r.cpu
      << ", \"constraints\": " << r.constraints << ", \"active_constraints\": " << r.active
      << ", \"relcp_iterations\": " << r.relcp_iterations << ", \"solver_iterations\": " << r.solver_iterations
      << ", \"max_overlap\": " << r.max_overlap << "}";
  return out.str();
}

int run(const Options& options) {
  int rank = 0;
  int ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const double load_start = load_average();

  const double ellipsoid_volume = 4.0 / 3.0 * std::numbers::pi * kRadii.prod();
  const double side = std::cbrt(static_cast<double>(options.bodies) * ellipsoid_volume / options.volume_fraction);
  const Stopwatch setup_clock;
  const std::vector<particles::Body> all = shared_packing(options, side, rank);
  const double placement_seconds = max_over_ranks(setup_clock.seconds());

  particles::Domain domain;  // open space
  domain.lower = Vec3::Constant(-0.5 * side);
  domain.upper = Vec3::Constant(0.5 * side);
  particles::ParticleStore store(MPI_COMM_WORLD, domain);
  store.distribute_from_all(all);
  const particles::Partitioner partitioner(particles::PartitionMethod::rcb);
  store.rebalance(partitioner);

  collision::ContactSettings settings;
  settings.strategy.name = "relcp";
  settings.solver.name = options.solver;
  settings.strategy.tolerance = 1e-5;
  settings.strategy.search_buffer = 0.2;
  collision::ContactDynamics dynamics;
  dynamics.inertial = false;
  dynamics.drag = 1.0;
  collision::ContactResolver resolver(settings, dynamics);
  std::int64_t active = 0;
  resolver.set_observer([&](const collision::ContactIterationView& view) {
    std::int64_t local = 0;
    for (std::size_t r = 0; r < view.gamma.local_size(); ++r) local += view.gamma[r] > 0.0 ? 1 : 0;
    MPI_Allreduce(&local, &active, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
  });

  dynamics::ForceFields fields;
  fields.push_back(std::make_unique<dynamics::RadialForce>(Vec3::Zero(), options.radial_force, -1.0));
  const dynamics::OverdampedIntegrator integrator(dynamics::LocalDragMobility(dynamics.drag));
  const particles::CounterRng rng(options.seed);
  const auto random_direction = [&](GlobalId id) {
    const double z = 2.0 * rng.uniform(static_cast<std::uint64_t>(id), 0) - 1.0;
    const double angle = 2.0 * std::numbers::pi * rng.uniform(static_cast<std::uint64_t>(id), 1);
    const double s = std::sqrt(std::max(0.0, 1.0 - z * z));
    return Vec3(s * std::cos(angle), s * std::sin(angle), z);
  };

  std::vector<StepRecord> warmup;
  std::vector<StepRecord> timed;
  const int total_steps = options.warmup_steps + options.steps;
  for (int step = 0; step < total_steps; ++step) {
    if (step == options.warmup_steps) perf_control("enable");
    dynamics::apply_force_fields(fields, store.owned());
    for (particles::Body& body : store.owned()) body.force += options.random_force * random_direction(body.id);
    integrator.compute_velocities(store.owned());
    MPI_Barrier(MPI_COMM_WORLD);
    const double cpu_start = process_cpu_seconds();
    const Stopwatch clock;
    const collision::ContactStepReport report = resolver.resolve(store, options.dt);
    const double wall = clock.seconds();
    const double cpu = process_cpu_seconds() - cpu_start;
    StepRecord record;
    record.step = step;
    record.detection = report.detection_seconds;
    record.assembly = report.assembly_seconds;
    record.solve = report.solve_seconds;
    record.wall = max_over_ranks(wall);
    record.cpu = max_over_ranks(cpu);
    record.constraints = report.constraints;
    record.active = active;
    record.relcp_iterations = report.relcp_iterations;
    record.solver_iterations = report.solver_iterations;
    record.max_overlap = report.max_overlap;
    (step < options.warmup_steps ? warmup : timed).push_back(record);
    if (rank == 0)
      std::fprintf(stderr, "%s %s\n", step < options.warmup_steps ? "warmup" : "timed", to_json(record).c_str());
    integrator.advance(store.owned(), options.dt);
    store.migrate();
  }

  perf_control("disable");
  StepRecord mean;
  for (const StepRecord& r : timed) {
    mean.detection += r.detection / static_cast<double>(timed.size());
    mean.assembly += r.assembly / static_cast<double>(timed.size());
    mean.solve += r.solve / static_cast<double>(timed.size());
    mean.wall += r.wall / static_cast<double>(timed.size());
    mean.cpu += r.cpu / static_cast<double>(timed.size());
    mean.constraints += r.constraints;
    mean.active += r.active;
    mean.relcp_iterations += r.relcp_iterations;
    mean.solver_iterations += r.solver_iterations;
    mean.max_overlap = std::max(mean.max_overlap, r.max_overlap);
  }
  const double load_end = load_average();
  if (rank == 0) {
    const auto count = static_cast<double>(timed.size());
    std::ostringstream out;
    out.precision(6);
    out << "{\"solver\": \"" << options.solver << "\", \"ranks\": " << ranks
        << ", \"threads\": " << omp_get_max_threads() << ", \"bodies\": " << options.bodies
        << ", \"volume_fraction\": " << options.volume_fraction << ", \"side\": " << side << ", \"dt\": " << options.dt
        << ", \"warmup_steps\": " << options.warmup_steps << ", \"steps\": " << options.steps << ", \"id_order\": \""
        << options.id_order << "\""
        << ", \"placement_seconds\": " << placement_seconds << ", \"loadavg_start\": " << load_start
        << ", \"loadavg_end\": " << load_end << ", \"mean\": {\"detection_seconds\": " << mean.detection
        << ", \"assembly_seconds\": " << mean.assembly << ", \"solve_seconds\": " << mean.solve
        << ", \"resolve_seconds\": " << mean.wall << ", \"resolve_cpu_seconds\": " << mean.cpu
        << ", \"constraints\": " << static_cast<double>(mean.constraints) / count
        << ", \"active_constraints\": " << static_cast<double>(mean.active) / count
        << ", \"relcp_iterations\": " << static_cast<double>(mean.relcp_iterations) / count
        << ", \"solver_iterations\": " << static_cast<double>(mean.solver_iterations) / count
        << ", \"max_overlap\": " << mean.max_overlap << "}, \"warmup\": [";
    for (std::size_t k = 0; k < warmup.size(); ++k) out << (k ? ", " : "") << to_json(warmup[k]);
    out << "], \"timed\": [";
    for (std::size_t k = 0; k < timed.size(); ++k) out << (k ? ", " : "") << to_json(timed[k]);
    out << "]}";
    std::printf("%s\n", out.str().c_str());
    if (!options.json.empty()) {
      std::ofstream file(options.json, std::ios::app);
      file << out.str() << "\n";
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app("ReLCP contact step time for an ellipsoid packing of growing size", "contact_step_scaling");
  Options options;
  app.add_option("--bodies", options.bodies, "number of ellipsoids (radii 1, 1, 2)")->check(CLI::PositiveNumber);
  app.add_option("--steps", options.steps, "timed steps")->check(CLI::PositiveNumber);
  app.add_option("--warmup-steps", options.warmup_steps, "steps before the timed ones (contacts form)")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--volume-fraction", options.volume_fraction, "initial volume fraction of the packing")
      ->check(CLI::Range(1e-4, 0.35));
  app.add_option("--min-gap", options.min_gap, "placement: least true separation (may be < 0: overlaps)");
  app.add_option("--radial-force", options.radial_force, "inward radial force scale (RadialForce)");
  app.add_option("--random-force", options.random_force, "magnitude of each body's fixed random force");
  app.add_option("--dt", options.dt, "time step")->check(CLI::PositiveNumber);
  app.add_option("--seed", options.seed, "placement and force seed");
  app.add_option("--id-order", options.id_order,
                 "body ids along a Morton curve of the centres (as the random generator) or in "
                 "placement order")
      ->check(CLI::IsMember({"morton", "placement"}));
  app.add_option("--solver", options.solver,
                 "contact LCP solver (" + listed(collision::distributed_solver_names()) + ")")
      ->check(CLI::IsMember(collision::distributed_solver_names()));
  app.add_option("--json", options.json, "append the result (one JSON line) to this file");
  return apps::bench::run_mpi_app(app, argc, argv, [&] { return run(options); });
}
