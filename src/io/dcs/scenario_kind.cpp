#include "io/dcs/scenario_kind.hpp"

#include <array>
#include <string>

#include "io/dcs/dlcp_scenarios.hpp"
#include "io/dcs/friction_scenarios.hpp"

namespace relcp::io::dcs {
namespace {

constexpr std::array kKinds{
    ScenarioKind{"friction_chain", "wall - m0 - m1 - ... springs, dampers to ground, Coulomb friction per mass",
                 prepare_friction_chain},
    ScenarioKind{"friction_oscillator", "M q'' + C q' + K q = f(t) - mu sgn(q') with full matrices",
                 prepare_friction_oscillator},
    ScenarioKind{"dlcp", "x' = A x + B y + f(t), 0 <= y perp N x + M y + g(t) >= 0 (docs/dlcp.md)", prepare_dlcp},
    ScenarioKind{"signorini", "parabolic Signorini problem of Wu-Chen 4.2 (dx, c)", prepare_signorini},
    ScenarioKind{"wuchen_small", "small Z-matrix DLCP of Wu-Chen 4.1 (g, x0 as inputs)", prepare_wuchen_small},
    ScenarioKind{"rectifier", "four-diode bridge rectifier of Wu-Zhou-Chen 4.1 (capacitances)", prepare_rectifier},
    ScenarioKind{"pds", "projected dynamical system of Wu-Zhou-Chen 4.2 (x_max, c22)", prepare_pds},
};

}  // namespace

std::span<const ScenarioKind> scenario_kinds() { return kKinds; }

std::unique_ptr<PreparedRun> prepare_run(const ScenarioDocument& document) {
  const ScenarioNode problem = document.root().child("problem");
  const std::string type = problem.text("type");
  std::string known;
  for (const ScenarioKind& kind : kKinds) {
    if (kind.type == type) return kind.prepare(document);
    known += (known.empty() ? "" : ", ") + std::string(kind.type);
  }
  problem.fail("type", "unknown problem type '" + type + "' (known: " + known + ")");
}

}  // namespace relcp::io::dcs
