// Batched back ends of the DLCP methods (docs/dlcp.md, docs/laplace.md), CPU against GPU:
//   Lcp/<backend>/<problem>/<J>        J LCPs with one M and J right-hand sides, solved as one
//                                      batch; items_per_second = LCPs per second.
//       small4     [PL] 4.1's M (4 x 4 Z-matrix), least element (enumeration on the GPU)
//       small8     a random 8 x 8 symmetric positive definite M, unique solution (enumeration)
//       tridiag39  Signorini's M = tridiag(-1, 4, -1) at dx = 0.025, least element (Howard)
//       tridiag255 the same at dx = 1/256
//   ContourSums/<backend>/<kind>/<J>   one iteration's convolution sums and node sums of the
//                                      Laplace method, P = 25; items_per_second = time points/s.
//       dense3     m = 3 dense resolvents ([PL] 4.1's size)
//       sine39     Signorini's diagonalized operator, Q = 39 (1521 modes, Q-vector sources)
//   LaplaceSignorini/<backend>         three iterations of the Laplace method on [PL] 4.2's
//                                      Signorini problem at the paper's dx = 0.025, h = 0.01
//                                      (J = 400), P = 25; counters give seconds per iteration and
//                                      the shares of [PL] Table 4.1 (setup excluded).
// The right-hand sides are planted (seed 1): q = w - M y for random complementary y, w >= 0 with
// about half of the constraints active, so every LCP has a solution. The
// cuda cases report an error (and are skipped) without a device. The LCP batches are warm-started
// from the previous repetition's solutions, as in the iterations (Y is kept between repetitions).

#include <benchmark/benchmark.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "dcs/batched/batched_lcp.hpp"
#include "dcs/batched/lcp_selection.hpp"
#include "dcs/device/device_query_cuda.hpp"
#include "dcs/laplace/contour_hyperbolic.hpp"
#include "dcs/laplace/contour_sums.hpp"
#include "dcs/laplace/contour_tables.hpp"
#include "dcs/laplace/laplace_iteration.hpp"
#include "dcs/problems/dlcp_time_grid.hpp"
#include "dcs/problems/signorini_problem.hpp"

namespace {

using relcp::dcs::Complex;
using relcp::dcs::ComputeBackend;
using relcp::dcs::DenseMatrix;
using relcp::dcs::LcpSelection;

DenseMatrix random_matrix(Eigen::Index rows, Eigen::Index cols, double low, double high) {
  std::mt19937 generator(1);
  std::uniform_real_distribution<double> uniform(low, high);
  DenseMatrix values(rows, cols);
  for (Eigen::Index i = 0; i < values.size(); ++i) values.data()[i] = uniform(generator);
  return values;
}

DenseMatrix wu_chen_m() {
  DenseMatrix M(4, 4);
  M << 2.0 / 3, -1, -1.0 / 3, -5.0 / 3, -2.0 / 3, 1.0 / 3, -2.0 / 3, -4.0 / 3, -2.0 / 3, -1.0 / 30, 0, -5.0 / 3, -1, 0,
      -5.0 / 3, 1.0 / 3;
  return M;
}

DenseMatrix signorini_m(int n) {
  DenseMatrix M = DenseMatrix::Zero(n, n);
  for (int i = 0; i < n; ++i) {
    M(i, i) = 4.0;
    if (i > 0) M(i, i - 1) = -1.0;
    if (i + 1 < n) M(i, i + 1) = -1.0;
  }
  return M;
}

bool skip_without_device(benchmark::State& state, const std::string& backend) {
  if (backend != "cuda") return false;
  const relcp::dcs::CudaDeviceStatus status = relcp::dcs::query_cuda_devices();
  if (status.device_count > 0) return false;
  state.SkipWithError(("no CUDA device: " + status.description).c_str());
  return true;
}

// Columns q = w - M y with y_i > 0 = w_i or y_i = 0 < w_i, each with probability 1/2.
DenseMatrix planted_right_hand_sides(const DenseMatrix& M, Eigen::Index batch) {
  const DenseMatrix magnitude = random_matrix(M.rows(), batch, 0.1, 2.0);
  const DenseMatrix coin = random_matrix(M.rows(), batch, 0.0, 1.0);
  const DenseMatrix y = (coin.array() < 0.5).select(magnitude, 0.0);
  const DenseMatrix w = (coin.array() < 0.5).select(0.0, magnitude);
  return w - M * y;
}

DenseMatrix spd_m(int n) {
  const DenseMatrix G = random_matrix(n, n, -1.0, 1.0);
  return G * G.transpose() + DenseMatrix::Identity(n, n);
}

void batched_lcp(benchmark::State& state, const std::string& backend_name, const DenseMatrix& M,
                 LcpSelection selection) {
  if (skip_without_device(state, backend_name)) return;
  const Eigen::Index batch = state.range(0);
  const relcp::dcs::LcpSelectionSolver solver(M, selection, 1e-10);
  const DenseMatrix Q = planted_right_hand_sides(M, batch);
  const auto backend = relcp::dcs::make_batched_lcp_backend(backend_name);
  DenseMatrix Y;
  std::vector<relcp::dcs::LcpOutcome> outcomes;
  relcp::dcs::LcpBatchReport report;
  for (auto _ : state) {
    report = backend->solve(solver, Q, Y, outcomes);
    benchmark::DoNotOptimize(Y.data());
  }
  state.SetItemsProcessed(state.iterations() * batch);
  state.counters["n"] = static_cast<double>(M.rows());
  state.counters["failures"] = static_cast<double>(report.failures);
  state.counters["transfer_share"] = report.solve_seconds > 0 ? report.transfer_seconds / report.solve_seconds : 0.0;
}

void contour_sums_dense(benchmark::State& state, ComputeBackend backend) {
  if (skip_without_device(state, std::string(relcp::dcs::to_string(backend)))) return;
  const int steps = static_cast<int>(state.range(0));
  const relcp::dcs::HyperbolicContour contour(relcp::dcs::HyperbolicContourParameters::wu_chen(25));
  const relcp::dcs::ContourTables tables = relcp::dcs::make_contour_tables(contour, 1.0 / steps, steps);
  const Eigen::Index m = 3;
  const DenseMatrix parts = random_matrix(2, static_cast<Eigen::Index>(tables.size() * m * m), -1.0, 1.0);
  std::vector<Complex> resolvents(tables.size() * static_cast<std::size_t>(m * m));
  for (std::size_t i = 0; i < resolvents.size(); ++i) {
    resolvents[i] = Complex(parts(0, static_cast<Eigen::Index>(i)), parts(1, static_cast<Eigen::Index>(i)));
  }
  auto sums = relcp::dcs::make_dense_contour_sums(backend, tables, resolvents, m, m);
  const DenseMatrix sources = random_matrix(m, steps + 1, -1.0, 1.0);
  DenseMatrix forced;
  for (auto _ : state) {
    sums->apply(sources, forced);
    benchmark::DoNotOptimize(forced.data());
  }
  state.SetItemsProcessed(state.iterations() * steps);
}

void contour_sums_sine(benchmark::State& state, ComputeBackend backend) {
  if (skip_without_device(state, std::string(relcp::dcs::to_string(backend)))) return;
  const int steps = static_cast<int>(state.range(0));
  const int Q = 39;
  const relcp::dcs::HyperbolicContour contour(relcp::dcs::HyperbolicContourParameters::wu_chen(25));
  const relcp::dcs::ContourTables tables = relcp::dcs::make_contour_tables(contour, 4.0 / steps, steps);
  relcp::dcs::DiagonalModes modes;
  for (int k2 = 0; k2 < Q; ++k2) {
    for (int k1 = 0; k1 < Q; ++k1) {
      modes.eigenvalue.push_back(-0.04 - 0.0167 * (k1 * k1 + k2 * k2));
      modes.source.push_back(k2);
      modes.profile.push_back(1.0 / (1 + k1));
    }
  }
  auto sums = relcp::dcs::make_diagonal_contour_sums(backend, tables, modes, Q);
  const DenseMatrix sources = random_matrix(Q, steps + 1, -1.0, 1.0);
  DenseMatrix spectral;
  for (auto _ : state) {
    sums->apply(sources, spectral);
    benchmark::DoNotOptimize(spectral.data());
  }
  state.SetItemsProcessed(state.iterations() * steps);
}

void laplace_signorini(benchmark::State& state, const std::string& backend_name) {
  if (skip_without_device(state, backend_name)) return;
  const relcp::dcs::SignoriniProblem signorini = relcp::dcs::make_signorini_problem({0.025, 2e-3});
  const relcp::dcs::TimeGrid grid = relcp::dcs::make_time_grid(4.0, 0.01);
  relcp::dcs::LaplaceOptions options;
  options.contour_half_nodes = 25;
  options.selection = LcpSelection::least_element;
  options.tolerance = 1e-300;  // run exactly max_iterations
  options.max_iterations = 3;
  const auto backend = relcp::dcs::make_batched_lcp_backend(backend_name);
  relcp::dcs::LaplaceResult result;
  for (auto _ : state) {
    result = relcp::dcs::solve_laplace(signorini.dlcp, grid, options, *backend);
    benchmark::DoNotOptimize(result.trajectory.X.data());
  }
  const relcp::dcs::TimeSplit& split = result.report.split;
  const double total = split.total();
  state.counters["setup_s"] = result.report.setup_seconds;
  state.counters["iteration_s"] = total / result.report.iterations;
  state.counters["lcp_share"] = split.lcp / total;
  state.counters["linear_algebra_share"] = split.linear_algebra / total;
  state.counters["interpolation_share"] = split.interpolation / total;
  state.counters["transfer_share"] = split.transfer / total;
}

void register_all() {
  static const DenseMatrix small = wu_chen_m();
  static const DenseMatrix small8 = spd_m(8);
  constexpr LcpSelection least = LcpSelection::least_element;
  static const DenseMatrix tridiag39 = signorini_m(39);
  static const DenseMatrix tridiag255 = signorini_m(255);
  for (const std::string backend : {"serial", "openmp", "cuda"}) {
    benchmark::RegisterBenchmark(("Lcp/" + backend + "/small4").c_str(),
                                 [backend](benchmark::State& s) { batched_lcp(s, backend, small, least); })
        ->Arg(512)
        ->Arg(16384)
        ->Arg(131072)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    benchmark::RegisterBenchmark(
        ("Lcp/" + backend + "/small8").c_str(),
        [backend](benchmark::State& s) { batched_lcp(s, backend, small8, LcpSelection::unique); })
        ->Arg(512)
        ->Arg(2048)
        ->Arg(4096)
        ->Arg(8192)
        ->Arg(16384)
        ->Arg(131072)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    benchmark::RegisterBenchmark(("Lcp/" + backend + "/tridiag39").c_str(),
                                 [backend](benchmark::State& s) { batched_lcp(s, backend, tridiag39, least); })
        ->Arg(400)
        ->Arg(2048)
        ->Arg(16384)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    benchmark::RegisterBenchmark(("Lcp/" + backend + "/tridiag255").c_str(),
                                 [backend](benchmark::State& s) { batched_lcp(s, backend, tridiag255, least); })
        ->Arg(400)
        ->Arg(2048)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    const ComputeBackend compute = relcp::dcs::parse_compute_backend(backend);
    benchmark::RegisterBenchmark(("ContourSums/" + backend + "/dense3").c_str(),
                                 [compute](benchmark::State& s) { contour_sums_dense(s, compute); })
        ->Arg(512)
        ->Arg(4096)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    benchmark::RegisterBenchmark(("ContourSums/" + backend + "/sine39").c_str(),
                                 [compute](benchmark::State& s) { contour_sums_sine(s, compute); })
        ->Arg(400)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    benchmark::RegisterBenchmark(("LaplaceSignorini/" + backend).c_str(),
                                 [backend](benchmark::State& s) { laplace_signorini(s, backend); })
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime()
        ->Iterations(1);
  }
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
