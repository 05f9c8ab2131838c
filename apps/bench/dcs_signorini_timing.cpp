// [PL] 4.2 parabolic Signorini problem, Fig. 4.10 / Table 4.1: implicit Euler against the Laplace
// iteration on each back end, along an h sweep (dx fixed) and a dx sweep (h fixed). One CSV row
// per run on stdout, progress on stderr. It links only the dcs layer (no MPI, no YAML), so it runs
// on a bare GPU machine beside the gpu tests (scripts/gpu_check.sh).
//
//   dcs_signorini_timing --h 0.0625,0.03125 --dx 0.025 --methods laplace --backends cuda,openmp
//
// Implicit Euler factors I - h A once (sparse LU; --ie-linear-solver) and is run once per h and dx.
// The tolerance of each run is [PL] (4.8): min(h, dx^2)/50, on the change between iterates, the
// same as scripts/bench_dlcp_signorini.sh gives relcp_dcs. Seconds exclude nothing: setup,
// initial LCP and every iteration (the `seconds` of relcp_dcs's stats.json); the split columns
// are [PL] Table 4.1's parts of the iterations.

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/stopwatch.hpp"
#include "dcs/batched/batched_lcp.hpp"
#include "dcs/laplace/laplace_iteration.hpp"
#include "dcs/problems/dlcp_time_grid.hpp"
#include "dcs/problems/signorini_problem.hpp"
#include "dcs/waveform/dlcp_shifted_solver.hpp"
#include "dcs/waveform/implicit_euler.hpp"

namespace {

using namespace relcp::dcs;

struct Run {
  std::string sweep, method, backend;
  double h = 0.0, dx = 0.0;
};

struct Outcome {
  bool converged = false;
  int iterations = 0;
  double seconds = 0.0, setup_seconds = 0.0;
  TimeSplit split;
  std::string failure;
  bool device_resident = false;
};

double paper_tolerance(double h, double dx) { return std::min(h, dx * dx) / 50.0; }

Outcome run_once(const Run& run, double T, int max_iterations, ShiftedSolverKind linear_solver) {
  const SignoriniProblem signorini = make_signorini_problem({run.dx, 2e-3});
  const TimeGrid grid = make_time_grid(T, run.h);
  Outcome outcome;
  const relcp::Stopwatch watch;
  if (run.method == "implicit-euler") {
    ImplicitEulerOptions options;
    options.selection = LcpSelection::least_element;
    options.linear_solver.kind = linear_solver;
    const ImplicitEulerResult result = solve_implicit_euler(signorini.dlcp, grid, options);
    outcome.converged = result.report.completed;
    outcome.iterations = 1;
    outcome.split = result.report.split;
  } else {
    LaplaceOptions options;
    options.tolerance = paper_tolerance(run.h, run.dx);
    options.max_iterations = max_iterations;
    options.selection = LcpSelection::least_element;
    const auto backend = make_batched_lcp_backend(run.backend);
    const LaplaceResult result = solve_laplace(signorini.dlcp, grid, options, *backend);
    outcome.converged = result.report.converged;
    outcome.iterations = result.report.iterations;
    outcome.setup_seconds = result.report.setup_seconds;
    outcome.device_resident = result.report.device_resident;
    outcome.split = result.report.split;
    if (result.report.lcp_failed)
      outcome.failure = "lcp";
    else if (!result.report.converged)
      outcome.failure = "max_iterations";
  }
  outcome.seconds = watch.seconds();
  return outcome;
}

std::vector<Run> plan(const std::vector<std::string>& methods, const std::vector<std::string>& backends,
                      const std::vector<std::string>& sweeps, const std::vector<double>& h_list,
                      const std::vector<double>& dx_list, double h_fixed, double dx_fixed) {
  const auto has = [&](const char* sweep) { return std::find(sweeps.begin(), sweeps.end(), sweep) != sweeps.end(); };
  std::vector<Run> runs;
  for (const std::string& method : methods) {
    // Implicit Euler has no batched part: one back end is enough.
    const std::vector<std::string> used = method == "implicit-euler" ? std::vector<std::string>{"serial"} : backends;
    for (const std::string& backend : used) {
      if (has("h"))
        for (const double h : h_list) runs.push_back({"h", method, backend, h, dx_fixed});
      if (has("dx"))
        for (const double dx : dx_list) runs.push_back({"dx", method, backend, h_fixed, dx});
    }
  }
  return runs;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app(
      "dcs_signorini_timing: [PL] 4.2 Signorini timings, implicit Euler against the Laplace "
      "iteration per back end (CSV on stdout)",
      "dcs_signorini_timing");
  std::vector<std::string> methods{"implicit-euler", "laplace"};
  std::vector<std::string> backends{"openmp", "cuda"};
  std::vector<double> h_list{0.0625, 0.03125, 0.015625, 0.0078125, 0.00390625, 0.001953125};
  std::vector<double> dx_list{0.0625, 0.03125, 0.025, 0.015625, 0.0078125};
  double h_fixed = 0.01, dx_fixed = 0.025, T = 4.0;
  int max_iterations = 200;
  std::string linear_solver = "direct";
  std::vector<std::string> sweeps{"h", "dx"};
  app.add_option("--methods", methods, "implicit-euler, laplace")->delimiter(',');
  app.add_option("--backends", backends, "Laplace back ends: serial, openmp, cuda")->delimiter(',');
  app.add_option("--sweeps", sweeps, "which sweeps to run: h, dx")->delimiter(',')->check(CLI::IsMember({"h", "dx"}));
  app.add_option("--h", h_list, "h sweep (at --dx-fixed)")->delimiter(',');
  app.add_option("--dx", dx_list, "dx sweep (at --h-fixed)")->delimiter(',');
  app.add_option("--h-fixed", h_fixed, "h of the dx sweep")->check(CLI::PositiveNumber);
  app.add_option("--dx-fixed", dx_fixed, "dx of the h sweep")->check(CLI::PositiveNumber);
  app.add_option("--T", T, "final time")->check(CLI::PositiveNumber);
  app.add_option("--max-iterations", max_iterations, "Laplace iteration cap")->check(CLI::PositiveNumber);
  bool no_header = false;
  app.add_flag("--no-header", no_header, "omit the CSV header (to append to a file)");
  app.add_option("--ie-linear-solver", linear_solver,
                 "implicit Euler's (I - h A) solver: direct (sparse LU, the default here: the faster baseline), "
                 "auto (relcp_dcs's default: direct up to 4096 states, CG above), cg");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    return app.exit(error) == 0 ? 0 : 2;  // --help is 0; bad command lines are 2, as in every relcp app
  }
  ShiftedSolverKind linear_solver_kind = ShiftedSolverKind::automatic;
  try {
    linear_solver_kind = parse_shifted_solver_kind(linear_solver);
  } catch (const std::exception& error) {
    std::cerr << "dcs_signorini_timing: --ie-linear-solver: " << error.what() << std::endl;
    return 2;
  }

  if (!no_header) {
    std::printf(
        "sweep,method,backend,h,dx,J,Q,tolerance,converged,iterations,seconds,setup_seconds,"
        "lcp_s,linear_algebra_s,interpolation_s,transfer_s,failure,ie_linear_solver,device_resident\n");
  }
  // One small solve per back end first: the CUDA context and FFTW's plans are made once per
  // process (about 0.3 s for CUDA), which no row of the table should carry.
  for (const std::string& backend : backends) {
    try {
      const relcp::Stopwatch watch;
      run_once({"warm-up", "laplace", backend, 0.25, 0.25}, 1.0, max_iterations, linear_solver_kind);
      std::cerr << "dcs_signorini_timing: warm-up of " << backend << ": " << watch.seconds() << " s" << std::endl;
    } catch (const std::exception& error) {
      std::cerr << "dcs_signorini_timing: warm-up of " << backend << ": " << error.what() << std::endl;
    }
  }
  int failures = 0;
  for (const Run& run : plan(methods, backends, sweeps, h_list, dx_list, h_fixed, dx_fixed)) {
    try {
      const Outcome outcome = run_once(run, T, max_iterations, linear_solver_kind);
      const int J = static_cast<int>(std::lround(T / run.h));
      const int Q = static_cast<int>(std::lround(1.0 / run.dx)) - 1;
      std::printf("%s,%s,%s,%.9g,%.9g,%d,%d,%.6g,%d,%d,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%s,%s,%d\n", run.sweep.c_str(),
                  run.method.c_str(), run.backend.c_str(), run.h, run.dx, J, Q, paper_tolerance(run.h, run.dx),
                  outcome.converged ? 1 : 0, outcome.iterations, outcome.seconds, outcome.setup_seconds,
                  outcome.split.lcp, outcome.split.linear_algebra, outcome.split.interpolation, outcome.split.transfer,
                  outcome.failure.c_str(), run.method == "implicit-euler" ? linear_solver.c_str() : "",
                  outcome.device_resident ? 1 : 0);
      std::fflush(stdout);
      std::cerr << "dcs_signorini_timing: " << run.method << " " << run.backend << " h=" << run.h << " dx=" << run.dx
                << " " << outcome.seconds << " s" << (outcome.converged ? "" : " NOT CONVERGED") << std::endl;
      if (!outcome.converged) ++failures;
    } catch (const std::exception& error) {
      std::cerr << "dcs_signorini_timing: " << run.method << " " << run.backend << " h=" << run.h << " dx=" << run.dx
                << ": " << error.what() << std::endl;
      ++failures;
    }
  }
  return failures == 0 ? 0 : 3;
}
