// LCP solver benchmark on Erleben's synthetic families (docs/lcp.md, E7; Erleben 2013, Fig. 5):
//   Fluid/<solver>/G       sparse fluid LCPs, N = G^3 up to 8000: iterations and time to
//                          ||min(z, Mz+q)||_inf <= 1e-8 for PGS, PSOR(1.4), min-map and Fischer-Newton;
//   FluidSweeps/G          10 PGS sweeps at tolerance 0: time per sweep against nnz (O(nnz));
//   Contact/<solver>/K     contact LCPs, N = 6K up to 300, Lemke and Fischer-Newton (Lemke's
//                          growth with n);
//   DenseSpd250/<solver>   make_pd_matrix(250) with the planted solution, Lemke and Fischer-Newton
//                          (the problem scripts/bench_lcp_siconos.py also gives to Siconos);
//   ContactChain/<solver>/n  a loaded chain of n contacts (lcp/problems/contact_network_lcps.hpp, no open
//                          contact), condition number ~ n^2: iterations of the QP solvers bbpgd,
//                          apgd and mprgp to 1e-8 as the chain grows;
//   ContactLattice/<solver>/side  a compressed 2-D packing of side^2 discs (about 3 side^2
//                          contacts, smallest eigenvalue ~ 1 / side^2): the same solvers;
//   ContactLatticePressure/<solver>/side  the same packing loaded like a growing colony, with
//                          forces rising toward the centre as R^2 - r^2.
// Problems are generated (seed 1) outside the timed loop. Run through scripts/bench_lcp.sh.

#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <string>
#include <utility>

#include "lcp/problems/contact_network_lcps.hpp"
#include "lcp/problems/erleben_generators.hpp"
#include "lcp/registry.hpp"

namespace {

using relcp::lcp::LcpProblem;
using relcp::lcp::SolverOptions;
using relcp::lcp::SolverResult;
namespace erleben = relcp::lcp::erleben;

constexpr std::uint64_t kSeed = 1;

enum class Family { fluid, contact, dense_pd, contact_chain, contact_lattice, lattice_pressure };

// Generated once per (family, size) and kept for all repetitions.
const LcpProblem& cached_problem(Family family, int size) {
  static std::map<std::pair<Family, int>, std::unique_ptr<erleben::GeneratedLcp>> cache;
  auto& slot = cache[{family, size}];
  if (!slot) {
    switch (family) {
      case Family::fluid:
        slot = std::make_unique<erleben::GeneratedLcp>(erleben::make_fluid_lcp(size, kSeed));
        break;
      case Family::contact:
        slot = std::make_unique<erleben::GeneratedLcp>(erleben::make_contact_lcp(size, kSeed));
        break;
      case Family::dense_pd:
        slot = std::make_unique<erleben::GeneratedLcp>(erleben::make_pd_lcp(size, kSeed));
        break;
      case Family::contact_chain:
        slot = std::make_unique<erleben::GeneratedLcp>(relcp::lcp::make_contact_chain_lcp(size, /*gaps=*/0, kSeed));
        break;
      case Family::contact_lattice:
        slot = std::make_unique<erleben::GeneratedLcp>(relcp::lcp::make_contact_lattice_lcp(size, kSeed));
        break;
      case Family::lattice_pressure:
        slot = std::make_unique<erleben::GeneratedLcp>(
            relcp::lcp::make_contact_lattice_lcp(size, kSeed, /*central_pressure=*/true));
        break;
    }
  }
  return slot->problem;
}

void solve_loop(benchmark::State& state, const std::string& solver_name, const LcpProblem& problem,
                SolverOptions options) {
  options.record_history = false;
  const auto solver = relcp::lcp::make_solver(solver_name);
  SolverResult result;
  for (auto _ : state) {
    result = solver->solve(problem, options);
    benchmark::DoNotOptimize(result.z.data());
  }
  state.counters["n"] = static_cast<double>(problem.size());
  state.counters["nnz"] = static_cast<double>(problem.nonzeros());
  state.counters["iterations"] = result.iterations;
  state.counters["converged"] = result.status == relcp::lcp::Status::converged ? 1 : 0;
  state.counters["residual"] = result.residual;
  if (result.status != relcp::lcp::Status::converged) {
    state.SetLabel(std::string("status ") + std::string(relcp::lcp::to_string(result.status)));
  }
}

SolverOptions to_tolerance(double tolerance, int max_iterations) {
  SolverOptions options;
  options.tolerance = tolerance;
  options.max_iterations = max_iterations;
  return options;
}

void Fluid(benchmark::State& state, const char* solver) {
  solve_loop(state, solver, cached_problem(Family::fluid, static_cast<int>(state.range(0))), to_tolerance(1e-8, 1000));
}

void FluidSweeps(benchmark::State& state) {
  const LcpProblem& problem = cached_problem(Family::fluid, static_cast<int>(state.range(0)));
  solve_loop(state, "pgs", problem, to_tolerance(0.0, 10));
  state.counters["seconds_per_sweep_per_nnz"] = benchmark::Counter(
      10.0 * problem.nonzeros(), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void Contact(benchmark::State& state, const char* solver) {
  solve_loop(state, solver, cached_problem(Family::contact, static_cast<int>(state.range(0))), to_tolerance(1e-8, 0));
}

void DenseSpd250(benchmark::State& state, const char* solver) {
  solve_loop(state, solver, cached_problem(Family::dense_pd, 250), to_tolerance(1e-8, 0));
}

void ContactChain(benchmark::State& state, const char* solver) {
  solve_loop(state, solver, cached_problem(Family::contact_chain, static_cast<int>(state.range(0))),
             to_tolerance(1e-8, 1000000));
}

void ContactLattice(benchmark::State& state, const char* solver) {
  solve_loop(state, solver, cached_problem(Family::contact_lattice, static_cast<int>(state.range(0))),
             to_tolerance(1e-8, 1000000));
}

void ContactLatticePressure(benchmark::State& state, const char* solver) {
  solve_loop(state, solver, cached_problem(Family::lattice_pressure, static_cast<int>(state.range(0))),
             to_tolerance(1e-8, 1000000));
}

void fluid_sizes(benchmark::internal::Benchmark* benchmark) {
  for (const int grid : {4, 8, 12, 16, 20}) benchmark->Arg(grid);  // N = 64 ... 8000
  benchmark->Unit(benchmark::kMillisecond);
}

void contact_sizes(benchmark::internal::Benchmark* benchmark) {
  for (const int contacts : {10, 20, 30, 40, 50}) benchmark->Arg(contacts);  // N = 60 ... 300
  benchmark->Unit(benchmark::kMillisecond);
}

void chain_sizes(benchmark::internal::Benchmark* benchmark) {
  for (const int contacts : {100, 400, 1600, 6400}) benchmark->Arg(contacts);
  benchmark->Unit(benchmark::kMillisecond);
}

void lattice_sizes(benchmark::internal::Benchmark* benchmark) {
  for (const int side : {16, 32, 64, 128}) benchmark->Arg(side);  // 705 ... 48,387 contacts
  benchmark->Unit(benchmark::kMillisecond);
}

BENCHMARK_CAPTURE(Fluid, pgs, "pgs")->Apply(fluid_sizes);
BENCHMARK_CAPTURE(Fluid, psor, "psor")->Apply(fluid_sizes);
BENCHMARK_CAPTURE(Fluid, minmap, "minmap")->Apply(fluid_sizes);
BENCHMARK_CAPTURE(Fluid, fischer, "fischer")->Apply(fluid_sizes);
BENCHMARK(FluidSweeps)->Apply(fluid_sizes);
BENCHMARK_CAPTURE(Contact, lemke, "lemke")->Apply(contact_sizes);
BENCHMARK_CAPTURE(Contact, fischer, "fischer")->Apply(contact_sizes);
BENCHMARK_CAPTURE(ContactChain, bbpgd, "bbpgd")->Apply(chain_sizes);
BENCHMARK_CAPTURE(ContactChain, apgd, "apgd")->Apply(chain_sizes);
BENCHMARK_CAPTURE(ContactChain, mprgp, "mprgp")->Apply(chain_sizes);
BENCHMARK_CAPTURE(ContactLattice, bbpgd, "bbpgd")->Apply(lattice_sizes);
BENCHMARK_CAPTURE(ContactLattice, apgd, "apgd")->Apply(lattice_sizes);
BENCHMARK_CAPTURE(ContactLattice, mprgp, "mprgp")->Apply(lattice_sizes);
BENCHMARK_CAPTURE(ContactLatticePressure, bbpgd, "bbpgd")->Apply(lattice_sizes);
BENCHMARK_CAPTURE(ContactLatticePressure, apgd, "apgd")->Apply(lattice_sizes);
BENCHMARK_CAPTURE(ContactLatticePressure, mprgp, "mprgp")->Apply(lattice_sizes);
BENCHMARK_CAPTURE(DenseSpd250, lemke, "lemke")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(DenseSpd250, fischer, "fischer")->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
