#include "io/scenario/collision_choices.hpp"

#include <algorithm>
#include <sstream>
#include <string_view>

#include "collision/solvers/distributed_solver_registry.hpp"
#include "collision/strategies/strategy_registry.hpp"

namespace relcp::io {
namespace {

std::string capabilities_of(const collision::DistributedSolverCapabilities& can) {
  std::string text;
  if (can.friction_cones) text += "friction";
  if (can.jacobi_scaling) text += std::string(text.empty() ? "" : ", ") + "jacobi";
  if (can.cuda_backend) text += std::string(text.empty() ? "" : ", ") + "cuda";
  return text.empty() ? "" : " [" + text + "]";
}

void add_row(std::ostringstream& out, std::string_view name, std::size_t width, const std::string& text) {
  out << "  " << name << std::string(width - name.size() + 2, ' ') << text << '\n';
}

}  // namespace

std::string collision_choices_help() {
  std::ostringstream out;
  std::size_t width = 4;  // "none"
  for (const auto& entry : collision::contact_strategies()) width = std::max(width, entry.name.size());
  for (const auto& entry : collision::distributed_solvers()) width = std::max(width, entry.name.size());
  const auto keys = collision::distributed_solver_scenario_keys();
  for (const auto& spec : keys) width = std::max(width, spec.key.size());

  out << "collision.strategy (docs/collision_strategies.md):\n";
  add_row(out, "none", width, "bodies pass through each other");
  for (const auto& entry : collision::contact_strategies()) add_row(out, entry.name, width, std::string(entry.summary));
  out << "collision.solver (docs/collision.md; [friction]: takes friction cones, [jacobi]: takes "
         "preconditioner: jacobi, [cuda]: runs on the GPU with backend: cuda, docs/gpu.md):\n";
  for (const auto& entry : collision::distributed_solvers()) {
    add_row(out, entry.name, width, std::string(entry.summary) + capabilities_of(entry.capabilities));
  }
  out << "solver keys of the collision section:\n";
  for (const auto& spec : keys) add_row(out, spec.key, width, std::string(spec.help));
  return out.str();
}

}  // namespace relcp::io
