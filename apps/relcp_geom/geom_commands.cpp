#include "geom_commands.hpp"

#include <iostream>

#include "core/error.hpp"
#include "core/exit_code.hpp"
#include "core/memory_budget.hpp"
#include "geom_json.hpp"
#include "geometry/multisphere/multisphere.hpp"
#include "geometry/separation/signed_separation.hpp"
#include "io/scenario/body_yaml.hpp"

namespace relcp::apps::geom {
namespace {

// The bodies of `file`, at least `needed` of them.
std::vector<io::BodyDescription> read_bodies(const std::string& file, std::size_t needed) {
  std::vector<io::BodyDescription> bodies = io::read_bodies_file(file);
  if (bodies.size() < needed) {
    const io::YamlNodeReader root(io::load_yaml_file(file), file);
    root.child("bodies").fail("needs at least " + std::to_string(needed) + " bodies, found " +
                              std::to_string(bodies.size()));
  }
  return bodies;
}

}  // namespace

int run_snsd(const std::string& file) {
  const auto bodies = read_bodies(file, 2);
  const geometry::SignedSeparation separation =
      geometry::signed_separation(bodies[0].shape, bodies[0].pose, bodies[1].shape, bodies[1].pose);
  std::cout << separation_json(separation) << std::endl;
  return separation.converged ? kExitOk : kExitRunFailure;
}

int run_multisphere(const std::string& file, int count) {
  const auto bodies = read_bodies(file, 1);
  // The count is checked against the body it decomposes: name both.
  const auto fail_at_body = [&](const std::string& message) {
    const io::YamlNodeReader root(io::load_yaml_file(file), file);
    root.child("bodies").element(0).fail("--count " + std::to_string(count) + ": " + message);
  };
  if (const auto problem = geometry::multisphere_count_problem(bodies[0].shape, count)) fail_at_body(*problem);
  if (const auto shortfall = memory_shortfall(64.0 * count)) fail_at_body(*shortfall);
  const auto spheres = geometry::multisphere_decomposition(bodies[0].shape, count);
  std::cout << spheres_json(geometry::to_lab(spheres, bodies[0].pose)) << std::endl;
  return kExitOk;
}

}  // namespace relcp::apps::geom
