#include "lcp/registry.hpp"

#include <array>
#include <utility>

#include "core/error.hpp"
#include "lcp/solver_factories.hpp"

namespace relcp::lcp {
namespace {

using Factory = std::unique_ptr<LcpSolver> (*)();

constexpr auto kSolvers = std::to_array<std::pair<std::string_view, Factory>>({
    {"lemke", make_lemke_solver},
    {"dantzig", make_dantzig_solver},
    {"pgs", make_pgs_solver},
    {"psor", make_psor_solver},
    {"minmap", make_minmap_solver},
    {"fischer", make_fischer_solver},
    {"ip", make_interior_point_solver},
    {"bbpgd", make_bbpgd_solver},
    {"apgd", make_apgd_solver},
    {"mprgp", make_mprgp_solver},
    {"enum", make_enumeration_solver},
});

}  // namespace

std::vector<std::string> solver_names() {
  std::vector<std::string> names;
  for (const auto& [name, factory] : kSolvers) names.emplace_back(name);
  return names;
}

std::unique_ptr<LcpSolver> make_solver(std::string_view name) {
  for (const auto& [known, factory] : kSolvers) {
    if (known == name) return factory();
  }
  std::string list;
  for (const auto& known : solver_names()) list += (list.empty() ? "" : ", ") + known;
  throw InputError("--solver", "unknown solver '" + std::string(name) + "' (known: " + list + ")");
}

}  // namespace relcp::lcp
