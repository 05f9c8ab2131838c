#include "io/dcs/dlcp_methods.hpp"

#include <array>

#include "core/error.hpp"

namespace relcp::io::dcs {
namespace {

constexpr std::array kMethods{
    DlcpMethod{"implicit-euler", "direct time stepping, one LCP(q_j, M^h) per step (coupled backward Euler for DNCPs)",
               run_implicit_euler},
    DlcpMethod{"gauss-seidel", "Gauss-Seidel waveform iteration with windows of `window` points", run_gauss_seidel},
    DlcpMethod{"laplace", "parallel-in-time Laplace-contour iteration of Wu and Chen", run_laplace},
};

}  // namespace

std::span<const DlcpMethod> dlcp_methods() { return kMethods; }

const DlcpMethod* find_dlcp_method(std::string_view name) {
  for (const DlcpMethod& method : kMethods) {
    if (method.name == name) return &method;
  }
  return nullptr;
}

std::string dlcp_method_names() {
  std::string names;
  for (const DlcpMethod& method : kMethods) names += (names.empty() ? "" : ", ") + std::string(method.name);
  return names;
}

DlcpRunRecord run_dlcp_method(const DlcpScenario& scenario, const relcp::dcs::BatchedLcpBackend& backend) {
  const DlcpMethod* method = find_dlcp_method(scenario.method.name);
  if (method == nullptr) throw InputError("method.name", "unknown method '" + scenario.method.name + "'");
  DlcpReference reference;
  if (scenario.method.reference != ErrorReference::none) {
    DlcpScenario prior = scenario;
    prior.method.reference = ErrorReference::none;
    const DlcpMethod* runner = method;
    if (scenario.method.reference == ErrorReference::implicit_euler) {
      runner = find_dlcp_method("implicit-euler");
    } else {
      prior.method.tolerance = scenario.method.tolerance * 1e-3;
      prior.method.max_iterations = 5 * scenario.method.max_iterations;
    }
    const DlcpRunRecord run = runner->run(prior, backend, nullptr);
    if (!run.failure.empty() || !run.converged) {
      throw RunTimeFailure("the reference run (" + std::string(runner->name) +
                           ") did not finish: " + (run.failure.empty() ? "not converged" : run.failure));
    }
    reference = std::make_shared<const relcp::dcs::DenseMatrix>(run.trajectory.X);
  }
  return method->run(scenario, backend, reference);
}

}  // namespace relcp::io::dcs
