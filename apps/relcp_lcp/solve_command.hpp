#pragma once
// `relcp_lcp solve`: reads an LCP (.dat, or MatrixMarket M and q), solves it with one solver of
// the suite and prints one JSON object {"solver", "status", "iterations", "residual", "seconds",
// "n", "nnz"} on stdout. Exit code 0 when converged, 3 otherwise (the JSON is still printed).

#include <CLI/CLI.hpp>
#include <string>

namespace relcp::apps::lcp_cli {

struct SolveArguments {
  std::string input;      // Siconos .dat file
  std::string matrix;     // MatrixMarket M
  std::string vector;     // MatrixMarket q
  std::string solver;     // empty: chosen from the problem (see default_solver_name)
  std::string tolerance;  // option values are kept as text and checked by option_values.hpp
  std::string max_iterations;
  std::string relaxation;
  std::string jacobian;
  std::string globalization;
  std::string warm_start;
  std::string out;
};

// Largest n that `solve` hands to Lemke by default; above it, Fischer-Newton.
inline constexpr long kLemkeDefaultLimit = 2000;

void add_solve_command(CLI::App& app, SolveArguments& arguments);
int run_solve(const SolveArguments& arguments);

}  // namespace relcp::apps::lcp_cli
