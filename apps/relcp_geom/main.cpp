// relcp_geom: the shared-normal signed distance between two bodies and multisphere
// decompositions, read from a YAML `bodies:` file. Usage in docs/relcp_geom.md.

#include <CLI/CLI.hpp>

#include "common/app_main.hpp"
#include "geom_commands.hpp"

int main(int argc, char** argv) {
  CLI::App app("relcp_geom: signed separation and multisphere decompositions of bodies in a YAML file", "relcp_geom");
  app.require_subcommand(1);

  std::string snsd_file;
  CLI::App* snsd =
      app.add_subcommand("snsd", "shared-normal signed distance of bodies[0] against bodies[1], as one JSON object");
  snsd->add_option("FILE", snsd_file, "YAML file with a `bodies:` list")->required();

  std::string multisphere_file;
  int count = 0;
  CLI::App* multisphere =
      app.add_subcommand("multisphere", "multisphere decomposition of bodies[0] in the lab frame, as one JSON object");
  multisphere->add_option("FILE", multisphere_file, "YAML file with a `bodies:` list")->required();
  multisphere->add_option("--count", count, "number of spheres (odd for an ellipsoid, 1 for a sphere)")->required();

  return relcp::apps::run_app(app, argc, argv, [&]() -> int {
    if (snsd->parsed()) return relcp::apps::geom::run_snsd(snsd_file);
    return relcp::apps::geom::run_multisphere(multisphere_file, count);
  });
}
