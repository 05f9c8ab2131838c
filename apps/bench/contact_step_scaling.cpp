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
//
// The placement and the first warm-up step are the expensive part of a run (minutes for 10^5
// bodies): --save-state writes the bodies after the warm-up steps, --state starts from such a
// file instead of placing, and --tiles R lays R copies of the packing side by side along x (weak
// scaling). --backend picks where bbpgd / apgd iterate (cpu or cuda).
#include <mpi.h>
#include <omp.h>

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <memory>
#include <numbers>
#include <numeric>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "bench/mpi_bench.hpp"
#include "collision/linalg/distributed_vector.hpp"
#include "collision/solvers/distributed_solver.hpp"
#include "collision/solvers/distributed_solver_registry.hpp"
#include "collision/strategies/contact_resolver.hpp"
#include "core/error.hpp"
#include "core/logging.hpp"
#include "core/exit_code.hpp"
#include "core/stopwatch.hpp"
#include "dynamics/overdamped_integrator.hpp"
#include "dynamics/radial_force.hpp"
#include "geometry/separation/signed_separation.hpp"
#include "geometry/shapes/shape_parameters.hpp"
#include "geometry/shapes/shape_properties.hpp"
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
  bool bodies_given = false;  // --bodies on the command line (checked against --state)
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
  std::string solver = "bbpgd";     // any distributed solver name
  std::string backend = "cpu";      // or "cuda"
  std::string detection_backend;    // cpu or cuda; empty: as backend
  std::string pair_search_backend;  // cpu or cuda; empty: as the detection backend
  std::string state;                // read the packing from this file instead of placing it
  std::string save_state;           // write the bodies here after the warm-up steps
  int tiles = 1;
  std::string log_level = "info";  // debug: the device solves' setup and iteration times
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

// A packing and where it came from.
struct PackingInfo {
  std::uint64_t seed = 0;        // of the placement
  std::uint64_t steps = 0;       // contact steps run on it since the placement
  double side = 0.0;             // of the cube the centres were placed in
  double volume_fraction = 0.0;  // at the placement
};

struct Packing {
  PackingInfo info;
  std::vector<particles::Body> bodies;  // ascending ids
};

Packing generated_packing(const Options& options) {
  const double ellipsoid_volume = 4.0 / 3.0 * std::numbers::pi * kRadii.prod();
  Packing packing;
  packing.info.seed = options.seed;
  packing.info.volume_fraction = options.volume_fraction;
  packing.info.side = std::cbrt(static_cast<double>(options.bodies) * ellipsoid_volume / options.volume_fraction);
  packing.bodies = place_ellipsoids(options, packing.info.side);
  return packing;
}

// The state file, native byte order (little-endian on x86-64). Header, 56 bytes: "RCPSTATE",
// uint32 version (1), uint32 record bytes (96), uint64 bodies, then PackingInfo: uint64 seed,
// uint64 steps, double side, double volume fraction. Then one record per body in ascending id
// order: int64 id, int64 shape kind (geometry::ShapeKind), 3 doubles shape parameters
// (geometry/shapes/shape_parameters.hpp), position xyz, orientation quaternion wxyz.
// Velocities and forces are not kept: every step recomputes them (overdamped).
constexpr std::string_view kStateMagic = "RCPSTATE";
constexpr std::uint32_t kStateVersion = 1;
constexpr std::size_t kStateHeaderBytes = 56;
constexpr std::size_t kStateRecordBytes = 96;

class ByteWriter {
 public:
  template <class T>
  void put(const T& value) {
    bytes_.append(reinterpret_cast<const char*>(&value), sizeof value);
  }
  void put(const Vec3& v) {
    for (int k = 0; k < 3; ++k) put(v[k]);
  }
  const std::string& bytes() const { return bytes_; }

 private:
  std::string bytes_;
};

// Reads what ByteWriter wrote; the caller checks the length first.
class ByteReader {
 public:
  explicit ByteReader(std::string_view bytes) : bytes_(bytes) {}
  template <class T>
  T take() {
    T value;
    std::memcpy(&value, bytes_.data() + at_, sizeof value);
    at_ += sizeof value;
    return value;
  }
  Vec3 take_vec3() {
    const double x = take<double>();
    const double y = take<double>();
    return {x, y, take<double>()};
  }
  std::string_view take_bytes(std::size_t count) {
    const std::string_view taken = bytes_.substr(at_, count);
    at_ += count;
    return taken;
  }

 private:
  std::string_view bytes_;
  std::size_t at_ = 0;
};

std::string state_bytes(const Packing& packing) {
  ByteWriter out;
  for (const char c : kStateMagic) out.put(c);
  out.put(kStateVersion);
  out.put(static_cast<std::uint32_t>(kStateRecordBytes));
  out.put(static_cast<std::uint64_t>(packing.bodies.size()));
  out.put(packing.info.seed);
  out.put(packing.info.steps);
  out.put(packing.info.side);
  out.put(packing.info.volume_fraction);
  for (const particles::Body& body : packing.bodies) {
    out.put(static_cast<std::int64_t>(body.id));
    out.put(static_cast<std::int64_t>(geometry::kind_of(body.shape)));
    for (const double parameter : geometry::shape_parameters(body.shape)) out.put(parameter);
    out.put(body.pose.position);
    const Quaternion& q = body.pose.orientation;
    for (const double component : {q.w(), q.x(), q.y(), q.z()}) out.put(component);
  }
  return out.bytes();
}

InputError state_error(const std::string& path, const std::string& problem) {
  return InputError("--state", path + ": " + problem);
}

std::string file_bytes(const std::string& path) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) {
    throw state_error(path, std::filesystem::exists(path, error) ? "not a regular file" : "no such file");
  }
  const std::uintmax_t size = std::filesystem::file_size(path, error);
  if (error) throw state_error(path, "cannot read it: " + error.message());
  std::string bytes(size, '\0');
  std::ifstream in(path, std::ios::binary);
  if (!in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()))) throw state_error(path, "cannot read it");
  return bytes;
}

particles::Body read_body(ByteReader& in) {
  particles::Body body;
  body.id = in.take<std::int64_t>();
  const auto kind = in.take<std::int64_t>();
  geometry::ShapeParameters parameters{};
  for (double& parameter : parameters) parameter = in.take<double>();
  body.pose.position = in.take_vec3();
  const double w = in.take<double>();
  const Vec3 xyz = in.take_vec3();
  body.pose.orientation = Quaternion(w, xyz.x(), xyz.y(), xyz.z());
  const std::optional<geometry::Shape> shape =
      kind < 0 || kind > std::numeric_limits<std::int8_t>::max()
          ? std::nullopt
          : geometry::shape_from_parameters(static_cast<geometry::ShapeKind>(kind), parameters);
  if (!shape) throw std::invalid_argument("unknown shape kind " + std::to_string(kind));
  body.shape = *shape;
  const bool finite = std::ranges::all_of(parameters, [](double p) { return std::isfinite(p); }) &&
                      body.pose.position.allFinite() && body.pose.orientation.coeffs().allFinite();
  if (!finite) throw std::invalid_argument("a value that is not finite");
  return body;
}

// Throws InputError (key --state) for a file that is missing, truncated or not a state file.
Packing read_state(const std::string& path) {
  const std::string bytes = file_bytes(path);
  if (bytes.size() < kStateHeaderBytes) {
    throw state_error(path, "truncated: " + std::to_string(bytes.size()) + " bytes, shorter than the header");
  }
  ByteReader in(bytes);
  if (in.take_bytes(kStateMagic.size()) != kStateMagic) throw state_error(path, "not a state file (wrong magic)");
  const auto version = in.take<std::uint32_t>();
  if (version != kStateVersion) {
    throw state_error(path, "state file version " + std::to_string(version) + ", this build reads version " +
                                std::to_string(kStateVersion));
  }
  if (in.take<std::uint32_t>() != kStateRecordBytes) throw state_error(path, "unexpected record size");
  const auto count = in.take<std::uint64_t>();
  const std::size_t room = (bytes.size() - kStateHeaderBytes) / kStateRecordBytes;
  if (count == 0 || count > room || bytes.size() != kStateHeaderBytes + count * kStateRecordBytes) {
    throw state_error(path, "truncated or corrupt: " + std::to_string(bytes.size()) + " bytes for " +
                                std::to_string(count) + " bodies");
  }
  Packing packing;
  packing.info.seed = in.take<std::uint64_t>();
  packing.info.steps = in.take<std::uint64_t>();
  packing.info.side = in.take<double>();
  packing.info.volume_fraction = in.take<double>();
  packing.bodies.reserve(count);
  for (std::uint64_t i = 0; i < count; ++i) {
    try {
      packing.bodies.push_back(read_body(in));
    } catch (const std::invalid_argument& error) {
      throw state_error(path, "body record " + std::to_string(i) + ": " + error.what());
    }
    if (i > 0 && packing.bodies[i].id <= packing.bodies[i - 1].id) {
      throw state_error(path, "body record " + std::to_string(i) + ": ids not ascending");
    }
  }
  return packing;
}

// Atomic: FILE.tmp, then a rename. Throws RunTimeFailure when any part fails.
void write_state(const std::string& path, const Packing& packing) {
  const std::string bytes = state_bytes(packing);
  const std::string temporary = path + ".tmp";
  const auto failure = [&](const std::string& what) {
    const std::string reason = std::strerror(errno);
    std::remove(temporary.c_str());
    return RunTimeFailure("--save-state: cannot write " + path + " (" + what + ": " + reason + ")");
  };
  std::FILE* file = std::fopen(temporary.c_str(), "wb");
  if (file == nullptr) throw failure("creating " + temporary);
  const bool written = std::fwrite(bytes.data(), 1, bytes.size(), file) == bytes.size() && std::fflush(file) == 0 &&
                       fsync(fileno(file)) == 0;
  const int write_error = errno;
  const bool closed = std::fclose(file) == 0;
  if (!written) errno = write_error;
  if (!written || !closed) throw failure("writing " + temporary);
  if (std::rename(temporary.c_str(), path.c_str()) != 0) throw failure("renaming " + temporary);
}

// Raised on the ranks other than 0 when rank 0's part failed: they leave with its exit code and
// only rank 0 prints the error line.
struct QuietExit {
  int code = kExitRunFailure;
};

// Collective: rank 0 runs `work`, then every rank learns whether it threw, so that all ranks
// leave together instead of waiting for rank 0 in the next collective call.
void on_rank_zero(int rank, const std::function<void()>& work) {
  int code = kExitOk;
  std::exception_ptr failure;
  if (rank == 0) {
    try {
      work();
    } catch (const InputError&) {
      code = kExitBadInput;
      failure = std::current_exception();
    } catch (const std::exception&) {
      code = kExitRunFailure;
      failure = std::current_exception();
    }
  }
  MPI_Bcast(&code, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (failure) std::rethrow_exception(failure);
  if (code != kExitOk) throw QuietExit{code};
}

Packing loaded_packing(const Options& options) {
  Packing packing = read_state(options.state);
  const auto count = static_cast<long long>(packing.bodies.size());
  if (options.bodies_given && options.bodies != count) {
    throw InputError("--bodies", std::to_string(options.bodies) + " disagrees with the " + std::to_string(count) +
                                     " bodies of --state " + options.state);
  }
  return packing;
}

// Rank 0 places the bodies or reads them from --state, every rank receives them (24 doubles each).
Packing shared_packing(const Options& options, int rank) {
  Packing packing;
  on_rank_zero(rank, [&] { packing = options.state.empty() ? generated_packing(options) : loaded_packing(options); });
  MPI_Bcast(&packing.info, sizeof(PackingInfo), MPI_BYTE, 0, MPI_COMM_WORLD);
  auto count = static_cast<long long>(packing.bodies.size());
  MPI_Bcast(&count, 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
  std::vector<double> records(static_cast<std::size_t>(count) * particles::kBodyRecordSize);
  if (rank == 0) {
    for (std::size_t i = 0; i < packing.bodies.size(); ++i) {
      particles::pack_body(packing.bodies[i], records.data() + i * particles::kBodyRecordSize);
    }
  }
  MPI_Bcast(records.data(), static_cast<int>(records.size()), MPI_DOUBLE, 0, MPI_COMM_WORLD);
  packing.bodies.resize(static_cast<std::size_t>(count));
  for (std::size_t i = 0; i < packing.bodies.size(); ++i) {
    packing.bodies[i] = particles::unpack_body(records.data() + i * particles::kBodyRecordSize);
  }
  return packing;
}

// `tiles` copies of the packing along x, copy t shifted by t * (x extent of the centres + the
// largest body diameter + 10), so that copies never touch, and its ids offset by
// t * (largest id + 1).
std::vector<particles::Body> tiled(const std::vector<particles::Body>& packing, int tiles) {
  double lowest = std::numeric_limits<double>::infinity();
  double highest = -lowest;
  double diameter = 0.0;
  GlobalId largest_id = 0;
  for (const particles::Body& body : packing) {
    lowest = std::min(lowest, body.pose.position.x());
    highest = std::max(highest, body.pose.position.x());
    diameter = std::max(diameter, 2.0 * geometry::bounding_radius(body.shape));
    largest_id = std::max(largest_id, body.id);
  }
  const double shift = highest - lowest + diameter + 10.0;
  std::vector<particles::Body> bodies;
  bodies.reserve(packing.size() * static_cast<std::size_t>(tiles));
  for (int t = 0; t < tiles; ++t) {
    for (particles::Body body : packing) {
      body.pose.position.x() += t * shift;
      body.id += t * (largest_id + 1);
      bodies.push_back(body);
    }
  }
  return bodies;
}

// Collective: every body of the store, on rank 0, in ascending id order (none elsewhere).
std::vector<particles::Body> gathered_bodies(const particles::ParticleStore& store, int rank) {
  const std::vector<particles::Body>& owned = store.owned();
  std::vector<double> local(owned.size() * particles::kBodyRecordSize);
  for (std::size_t i = 0; i < owned.size(); ++i) {
    particles::pack_body(owned[i], local.data() + i * particles::kBodyRecordSize);
  }
  const int count = static_cast<int>(local.size());
  std::vector<int> counts(static_cast<std::size_t>(store.num_ranks()));
  MPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::vector<int> offsets(counts.size());
  std::exclusive_scan(counts.begin(), counts.end(), offsets.begin(), 0);
  std::vector<double> records(rank == 0 ? static_cast<std::size_t>(offsets.back() + counts.back()) : 0);
  MPI_Gatherv(local.data(), count, MPI_DOUBLE, records.data(), counts.data(), offsets.data(), MPI_DOUBLE, 0,
              MPI_COMM_WORLD);
  std::vector<particles::Body> bodies(records.size() / particles::kBodyRecordSize);
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    bodies[i] = particles::unpack_body(records.data() + i * particles::kBodyRecordSize);
  }
  std::ranges::sort(bodies, {}, &particles::Body::id);
  return bodies;
}

// Collective: writes the store's bodies to `path` (rank 0).
void save_state(const std::string& path, const PackingInfo& info, const particles::ParticleStore& store, int rank) {
  const Packing packing{info, gathered_bodies(store, rank)};
  on_rank_zero(rank, [&] {
    write_state(path, packing);
    std::fprintf(stderr, "saved %zu bodies to %s\n", packing.bodies.size(), path.c_str());
  });
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

  const Stopwatch setup_clock;
  const Packing packing = shared_packing(options, rank);
  const double placement_seconds = max_over_ranks(setup_clock.seconds());
  const std::vector<particles::Body> all = tiled(packing.bodies, options.tiles);
  const double side = packing.info.side;

  particles::Domain domain;  // open space: the bounds are not used
  domain.lower = Vec3::Constant(-0.5 * side);
  domain.upper = Vec3::Constant(0.5 * side);
  particles::ParticleStore store(MPI_COMM_WORLD, domain);
  store.distribute_from_all(all);
  const particles::Partitioner partitioner(particles::PartitionMethod::rcb);
  store.rebalance(partitioner);

  collision::ContactSettings settings;
  settings.strategy.name = "relcp";
  settings.solver.name = options.solver;
  settings.solver.backend =
      options.backend == "cuda" ? collision::ComputeBackend::cuda : collision::ComputeBackend::cpu;
  settings.detection_backend =
      options.detection_backend == "cuda" ? collision::ComputeBackend::cuda : collision::ComputeBackend::cpu;
  settings.pair_search_backend =
      options.pair_search_backend == "cuda" ? collision::ComputeBackend::cuda : collision::ComputeBackend::cpu;
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
    if (step == options.warmup_steps) {
      if (!options.save_state.empty()) {
        PackingInfo info = packing.info;
        info.steps += static_cast<std::uint64_t>(options.warmup_steps);
        save_state(options.save_state, info, store, rank);
      }
      perf_control("enable");
    }
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
    out << "{\"solver\": \"" << options.solver << "\", \"backend\": \"" << options.backend
        << "\", \"detection_backend\": \"" << options.detection_backend << "\", \"pair_search_backend\": \""
        << options.pair_search_backend << "\", \"ranks\": " << ranks << ", \"threads\": " << omp_get_max_threads()
        << ", \"bodies\": " << all.size() << ", \"tiles\": " << options.tiles << ", \"state\": \"" << options.state
        << "\", \"state_steps\": " << packing.info.steps << ", \"volume_fraction\": " << packing.info.volume_fraction
        << ", \"side\": " << side << ", \"dt\": " << options.dt << ", \"warmup_steps\": " << options.warmup_steps
        << ", \"steps\": " << options.steps << ", \"id_order\": \"" << options.id_order << "\""
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
  CLI::Option* bodies =
      app.add_option("--bodies", options.bodies, "number of ellipsoids (radii 1, 1, 2); with --state, its count")
          ->check(CLI::PositiveNumber);
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
  app.add_option("--backend", options.backend, "where bbpgd and apgd iterate")->check(CLI::IsMember({"cpu", "cuda"}));
  app.add_option("--detection-backend", options.detection_backend,
                 "where the pairs' separations are computed (default: as --backend)")
      ->check(CLI::IsMember({"cpu", "cuda"}));
  app.add_option("--pair-search-backend", options.pair_search_backend,
                 "where the candidate pairs' cell-list search runs (default: as the detection backend)")
      ->check(CLI::IsMember({"cpu", "cuda"}));
  app.add_option("--state", options.state,
                 "start from the bodies of this state file (--save-state) instead of placing them");
  app.add_option("--save-state", options.save_state,
                 "after the warm-up steps, write the bodies to this file (for --state)");
  app.add_option("--tiles", options.tiles, "copies of the packing side by side along x (weak scaling)")
      ->check(CLI::PositiveNumber);
  app.add_option("--json", options.json, "append the result (one JSON line) to this file");
  app.add_option("--log-level", options.log_level, "rank 0's log level (debug: each device solve's times)");
  return apps::bench::run_mpi_app(app, argc, argv, [&] {
    options.bodies_given = bodies->count() > 0;
    if (options.detection_backend.empty()) options.detection_backend = options.backend;
    if (options.pair_search_backend.empty()) options.pair_search_backend = options.detection_backend;
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    configure_logging(options.log_level, rank, false);
    try {
      return run(options);
    } catch (const QuietExit& exit) {
      return exit.code;
    }
  });
}
