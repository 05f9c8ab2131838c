#include <memory>
#include <string>

#include "collision/solvers/distributed_alm_solver.hpp"
#include "collision/solvers/distributed_auto_solver.hpp"
#include "collision/solvers/distributed_gradient_solvers.hpp"
#include "collision/solvers/distributed_ip_solver.hpp"
#include "collision/solvers/distributed_minmap_solver.hpp"
#include "collision/solvers/distributed_solver.hpp"
#include "core/error.hpp"

namespace relcp::collision {

std::vector<std::string> distributed_solver_names() { return {"auto", "bbpgd", "apgd", "mprgp", "minmap", "alm", "ip"}; }

std::unique_ptr<DistributedLcpSolver> make_distributed_solver(std::string_view name) {
  if (name == "auto") return std::make_unique<DistributedAutoSolver>();
  if (name == "bbpgd") return std::make_unique<DistributedBbpgdSolver>();
  if (name == "apgd") return std::make_unique<DistributedApgdSolver>();
  if (name == "mprgp") return std::make_unique<DistributedMprgpSolver>();
  if (name == "minmap") return std::make_unique<DistributedMinMapSolver>();
  if (name == "alm") return std::make_unique<DistributedAlmSolver>();
  if (name == "ip") return std::make_unique<DistributedIpSolver>();
  throw InputError("solver", "unknown distributed solver '" + std::string(name) +
                                 "' (known: auto, bbpgd, apgd, mprgp, minmap, alm, ip)");
}

}  // namespace relcp::collision
