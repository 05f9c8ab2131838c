#pragma once
// `relcp_lcp generate FAMILY --size S --out FILE.dat`: writes one of Erleben's synthetic LCPs
// (fluid: S = G, N = G^3; contact: S = K, N = 6K; pd and psd: S = N) with the corrected planted
// solution, or a frictional Stewart-Trinkle contact LCP (stewart_trinkle: S contacts, N = 6S,
// lcp/problems/contact_model.hpp; no planted solution), in the Siconos .dat layout. Prints one JSON object {"family",
// "n", "nnz", "out"}.

#include <CLI/CLI.hpp>
#include <string>

namespace relcp::apps::lcp_cli {

struct GenerateArguments {
  std::string family;
  std::string size;
  std::string seed = "1";
  std::string zero_ratio = "0.5";  // psd: fraction of zero eigenvalues
  std::string out;
  std::string solution;  // optional: the planted solution, one value per line
};

void add_generate_command(CLI::App& app, GenerateArguments& arguments);
int run_generate(const GenerateArguments& arguments);

}  // namespace relcp::apps::lcp_cli
