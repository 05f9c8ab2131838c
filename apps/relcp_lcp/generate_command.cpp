#include "generate_command.hpp"

#include <algorithm>
#include <iostream>

#include "core/error.hpp"
#include "core/exit_code.hpp"
#include "json_report.hpp"
#include "lcp/io/siconos_dat_writer.hpp"
#include "lcp/io/solution_file.hpp"
#include "lcp/problems/contact_model.hpp"
#include "lcp/problems/erleben_generators.hpp"
#include "option_values.hpp"

namespace relcp::apps::lcp_cli {
namespace {

namespace erleben = relcp::lcp::erleben;

// Larger problems make dense .dat files of more than ~100 MB.
constexpr long kLargestSize = 2000;

void check_size(const std::string& family, int size) {
  if (size < 1) throw InputError("--size", "must be >= 1");
  const long bounded = std::min(size, 100000);
  const long n = family == "fluid"                                    ? bounded * bounded * bounded
                 : family == "contact" || family == "stewart_trinkle" ? 6 * bounded
                                                                      : bounded;
  if (n > kLargestSize) {
    throw InputError("--size", family + " of size " + std::to_string(size) + " has n = " + std::to_string(n) +
                                   ", more than " + std::to_string(kLargestSize) + " for a dense .dat file");
  }
}

erleben::GeneratedLcp generate(const GenerateArguments& arguments) {
  const int size = parse_count("--size", arguments.size);
  const std::uint64_t seed = parse_seed("--seed", arguments.seed);
  check_size(arguments.family, size);
  if (arguments.family == "fluid") return erleben::make_fluid_lcp(size, seed);
  if (arguments.family == "contact") return erleben::make_contact_lcp(size, seed);
  if (arguments.family == "pd") return erleben::make_pd_lcp(size, seed);
  if (arguments.family == "stewart_trinkle") {
    // No planted solution: the written "solution" is empty unless a solver is run.
    return erleben::GeneratedLcp{relcp::lcp::build_contact_lcp(relcp::lcp::random_contact_step(size, 4, seed)),
                                 relcp::lcp::Vector()};
  }
  return erleben::make_psd_lcp(size, parse_fraction("--zero-ratio", arguments.zero_ratio), seed);
}

}  // namespace

void add_generate_command(CLI::App& app, GenerateArguments& arguments) {
  CLI::App* command = app.add_subcommand("generate", "write one of Erleben's synthetic LCPs as a .dat file");
  command
      ->add_option("FAMILY", arguments.family,
                   "fluid (size G, n = G^3), contact (size K, n = 6K), pd, psd (size n), stewart_trinkle (size N "
                   "contacts, 4 directions, n = 6N: the frictional contact LCP of two random rigid bodies)")
      ->required()
      ->check(CLI::IsMember({"fluid", "contact", "pd", "psd", "stewart_trinkle"}));
  command->add_option("--size", arguments.size, "G, K, n or N (see FAMILY)")->required();
  command->add_option("--seed", arguments.seed, "seed of std::mt19937_64 (default 1)");
  command->add_option("--zero-ratio", arguments.zero_ratio, "psd: fraction of zero eigenvalues (default 0.5)");
  command->add_option("--out", arguments.out, "the .dat file to write")->required();
  command->add_option("--solution", arguments.solution, "also write the planted solution here");
}

int run_generate(const GenerateArguments& arguments) {
  const erleben::GeneratedLcp generated = generate(arguments);
  if (!arguments.solution.empty() && generated.solution.size() == 0) {
    throw InputError("--solution", arguments.family + " has no planted solution");
  }
  relcp::lcp::write_siconos_dat(arguments.out, generated.problem);
  if (!arguments.solution.empty()) relcp::lcp::write_solution(arguments.solution, generated.solution);
  JsonReport report;
  report["family"] = arguments.family;
  report["n"] = generated.problem.size();
  report["nnz"] = generated.problem.nonzeros();
  report["out"] = arguments.out;
  std::cout << report_line(report) << std::endl;
  return kExitOk;
}

}  // namespace relcp::apps::lcp_cli
