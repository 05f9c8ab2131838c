// Memory-bandwidth efficiency of the contact operator A = s J M J^T (collision::ContactOperator):
// one application against a plain parallel copy of the same traffic, interleaved in the same run.
// Bodies sit on a cubic lattice, each with a contact to its +x, +y and +z neighbours (about three
// rows per body, as in a dense packing), split into id slabs over the ranks so that rows across a
// slab face touch ghost bodies. The traffic of an application is ContactOperator's streaming
// model (bytes_per_application); the copy moves the same number of bytes (half read, half
// written). Also reports the assembly cost in units of one application. An MPI main (rank timings
// are synchronised by barriers); docs/benchmarks.md, section "Collision", has results.
#include <mpi.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "collision/assembly/contact_operator.hpp"
#include "collision/assembly/distributed_constraint_matrix.hpp"
#include "collision/assembly/friction_rows.hpp"
#include "collision/solvers/distributed_solver_registry.hpp"
#include "common/app_main.hpp"
#include "core/stopwatch.hpp"

namespace {

using namespace relcp;
using namespace relcp::collision;

struct Options {
  long long bodies_per_rank = 400000;
  int repetitions = 15;
  bool full_mobility = false;
  bool friction = false;
};

double max_over_ranks(double value) {
  double result = 0.0;
  MPI_Allreduce(&value, &result, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return result;
}

double sum_over_ranks(double value) {
  double result = 0.0;
  MPI_Allreduce(&value, &result, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return result;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

// Wall time of `work` on the slowest rank, all ranks starting together.
template <class Work>
double timed(Work&& work) {
  MPI_Barrier(MPI_COMM_WORLD);
  const Stopwatch clock;
  work();
  return max_over_ranks(clock.seconds());
}

// A contact row between lattice neighbours a and b: a random normal near the lattice direction
// and lever arms of about one radius, entries as geometry::pair_constraint_row builds them.
ConstraintRecord lattice_contact(GlobalId a, GlobalId b, const Vec3& direction, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> jitter(-0.2, 0.2);
  const Vec3 normal = (direction + Vec3(jitter(rng), jitter(rng), jitter(rng))).normalized();
  const Vec3 arm_a = 0.5 * normal + Vec3(jitter(rng), jitter(rng), jitter(rng));
  const Vec3 arm_b = -0.5 * normal + Vec3(jitter(rng), jitter(rng), jitter(rng));
  ConstraintRecord record;
  record.body_a = a;
  record.body_b = b;
  record.phi = jitter(rng);
  record.normal = normal;
  record.row << -normal, -arm_a.cross(normal), normal, arm_b.cross(normal);
  record.arm_a = arm_a;
  record.arm_b = arm_b;
  return record;
}

std::vector<ConstraintRecord> lattice_rows(GlobalId first, GlobalId end, GlobalId total, GlobalId side,
                                           std::mt19937_64& rng) {
  std::vector<ConstraintRecord> rows;
  rows.reserve(static_cast<std::size_t>(3 * (end - first)));
  for (GlobalId a = first; a < end; ++a) {
    const GlobalId x = a % side;
    const GlobalId y = (a / side) % side;
    if (x + 1 < side && a + 1 < total) rows.push_back(lattice_contact(a, a + 1, Vec3::UnitX(), rng));
    if (y + 1 < side && a + side < total) {
      rows.push_back(lattice_contact(a, a + side, Vec3::UnitY(), rng));
    }
    if (a + side * side < total) {
      rows.push_back(lattice_contact(a, a + side * side, Vec3::UnitZ(), rng));
    }
  }
  return rows;
}

void parallel_copy(const char* source, char* target, std::size_t bytes) {
  const int chunks = 4 * omp_get_max_threads();
  const std::size_t chunk = (bytes + chunks - 1) / chunks;
#pragma omp parallel for schedule(static)
  for (int c = 0; c < chunks; ++c) {
    const std::size_t begin = std::min(bytes, static_cast<std::size_t>(c) * chunk);
    const std::size_t end = std::min(bytes, begin + chunk);
    std::memcpy(target + begin, source + begin, end - begin);
  }
}

int run(const Options& options) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const GlobalId total = options.bodies_per_rank * ranks;
  const auto side = static_cast<GlobalId>(std::ceil(std::cbrt(static_cast<double>(total))));
  const GlobalId first = options.bodies_per_rank * rank;
  const GlobalId end = first + options.bodies_per_rank;
  std::vector<GlobalId> owned(static_cast<std::size_t>(end - first));
  for (GlobalId id = first; id < end; ++id) owned[static_cast<std::size_t>(id - first)] = id;
  std::mt19937_64 rng(17 + static_cast<std::uint64_t>(rank));
  std::vector<ConstraintRecord> rows = lattice_rows(first, end, total, side, rng);
  // A ReLCP-like second generation: a new constraint on every tenth pair.
  std::vector<ConstraintRecord> appended;
  for (std::size_t r = 0; r < rows.size(); r += 10) {
    appended.push_back(rows[r]);
    appended.back().creation_index = 1;
  }
  if (options.friction) {  // two tangent rows after every normal row (docs/friction.md)
    FrictionCoefficients coefficients;
    coefficients.sliding.pairs = 0.5;
    rows = with_friction_rows(rows, coefficients);
    appended = with_friction_rows(appended, coefficients);
  }

  std::unique_ptr<DistributedConstraintMatrix> matrix;
  const double build_seconds = timed([&] {
    matrix = std::make_unique<DistributedConstraintMatrix>(MPI_COMM_WORLD, owned);
    matrix->append(std::move(rows));
  });
  std::vector<BlockDiagonalMobility::Block> blocks(owned.size());
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    blocks[b].setZero();
    blocks[b].diagonal() << 1.0, 1.0, 1.0, 12.0, 12.0, 12.0;
    if (options.full_mobility) blocks[b].bottomRightCorner<3, 3>() += Mat3::Constant(0.5);
  }
  const BlockDiagonalMobility mobility(blocks);
  ContactOperator A(*matrix, mobility, 1e-3);

  // Applications with the compact rows and with the CSR rows, interleaved with copies of the
  // compact application's traffic; one generation, then two.
  const auto measure = [&](const char* label) {
    DistributedVector gamma(A.layout()), out(A.layout()), out_csr(A.layout());
    for (std::size_t i = 0; i < gamma.local_size(); ++i) gamma[i] = 1.0 + 1e-3 * double(i % 97);
    const auto apply_with = [&](bool csr, DistributedVector& result) {
      A.use_csr_rows(csr);
      A.apply(gamma, result);
    };
    A.use_csr_rows(true);
    const std::size_t csr_bytes = A.bytes_per_application();
    A.use_csr_rows(false);
    const std::size_t bytes = A.bytes_per_application();
    std::vector<char> source(bytes / 2 + 64, 1), target(bytes / 2 + 64, 0);
    for (int k = 0; k < 3; ++k) {
      apply_with(false, out);
      apply_with(true, out_csr);
      parallel_copy(source.data(), target.data(), bytes / 2);
    }
    std::vector<double> apply_times, csr_times, copy_times;
    for (int k = 0; k < options.repetitions; ++k) {
      apply_times.push_back(timed([&] { apply_with(false, out); }));
      csr_times.push_back(timed([&] { apply_with(true, out_csr); }));
      copy_times.push_back(timed([&] { parallel_copy(source.data(), target.data(), bytes / 2); }));
    }
    A.use_csr_rows(false);
    double difference = 0.0, largest = 0.0;
    for (std::size_t i = 0; i < out.local_size(); ++i) {
      difference = std::max(difference, std::abs(out[i] - out_csr[i]));
      largest = std::max(largest, std::abs(out_csr[i]));
    }
    difference = max_over_ranks(difference) / max_over_ranks(largest);
    const double total_bytes = sum_over_ranks(static_cast<double>(bytes));
    const double total_csr_bytes = sum_over_ranks(static_cast<double>(csr_bytes));
    const double apply = median(apply_times);
    const double csr = median(csr_times);
    const double copy = median(copy_times);
    if (rank == 0) {
      std::printf(
          "%-12s rows %lld  traffic %.1f MB  apply %.3f ms (%.2f GB/s)  copy %.3f ms "
          "(%.2f GB/s)  fraction %.2f\n"
          "%-12s CSR rows: traffic %.1f MB  apply %.3f ms (%.2f GB/s), %.2fx the compact rows' time; "
          "results differ by %.1e (relative)\n",
          label, static_cast<long long>(matrix->global_constraint_count()), total_bytes / 1e6, 1e3 * apply,
          total_bytes / apply / 1e9, 1e3 * copy, total_bytes / copy / 1e9, copy / apply, "", total_csr_bytes / 1e6,
          1e3 * csr, total_csr_bytes / csr / 1e9, csr / apply, difference);
      if (bytes == csr_bytes) std::printf("%-12s (the rows stay CSR: both applications are the same)\n", "");
    }
    return apply;
  };

  if (rank == 0) {
    std::printf("ranks %d  threads/rank %d  bodies %lld  mobility %s  rows per contact %d\n", ranks,
                omp_get_max_threads(), static_cast<long long>(total), options.full_mobility ? "full 6x6" : "diagonal",
                options.friction ? 3 : 1);
  }
  const double apply_one = measure("generation 0");
  const double append_seconds = timed([&] { matrix->append(std::move(appended)); });
  const double apply_two = measure("+ 10% rows");
  if (rank == 0) {
    std::printf(
        "assembly: first generation %.1f ms = %.1f applications; append of 10%% rows "
        "%.1f ms = %.1f applications\n",
        1e3 * build_seconds, build_seconds / apply_one, 1e3 * append_seconds, append_seconds / apply_two);
  }
  // The solve this assembly serves: BBPGD to 1e-5 on c = phi (overlaps up to 0.2 diameters).
  DistributedVector c(A.layout());
  for (std::size_t i = 0; i < c.local_size(); ++i) c[i] = matrix->constraints()[i].phi;
  DistributedSolverOptions solve_options;
  solve_options.record_history = false;
  DistributedSolverResult solved;
  const double solve_seconds = timed([&] {
    solved = make_distributed_solver("bbpgd")->solve(DistributedLcp{A, c}, solve_options);
  });
  if (rank == 0) {
    std::printf(
        "bbpgd to 1e-5: %s after %d iterations, %d applications, %.1f ms; assembly of "
        "both generations = %.1f%% of it\n",
        std::string(lcp::to_string(solved.status)).c_str(), solved.iterations, solved.operator_applications,
        1e3 * solve_seconds, 100.0 * (build_seconds + append_seconds) / solve_seconds);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  CLI::App app("contact operator application against a copy of the same bytes", "contact_operator_throughput");
  Options options;
  app.add_option("--bodies-per-rank", options.bodies_per_rank, "lattice bodies per rank")->check(CLI::PositiveNumber);
  app.add_option("--repetitions", options.repetitions, "timed applications (median reported)")
      ->check(CLI::PositiveNumber);
  app.add_flag("--full-mobility", options.full_mobility, "6x6 blocks (inertial inverse mass) instead of diagonal ones");
  app.add_flag("--friction", options.friction, "two tangent rows after every contact row (Coulomb friction)");
  const int code = relcp::apps::run_app(app, argc, argv, [&] { return run(options); });
  MPI_Finalize();
  return code;
}
