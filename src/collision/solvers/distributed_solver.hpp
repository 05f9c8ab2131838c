#pragma once
// The interface of the distributed LCP solvers of the collision layer; the solvers themselves,
// with their names, capabilities and parameters, are listed in distributed_solver_registry.cpp.
// for  0 <= gamma  _|_  A gamma + c >= 0  with A symmetric positive semidefinite (docs/collision.md).
// Every solve is collective over the layout's communicator and returns the same status,
// iteration count, residual and history on every rank.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "collision/linalg/distributed_linear_operator.hpp"
#include "collision/linalg/distributed_vector.hpp"
#include "lcp/status.hpp"

namespace relcp::lcp {
class FrictionCones;  // lcp/friction/friction_cone.hpp
}

namespace relcp::collision {

// The convergence measure of a feasible iterate gamma with gradient g = A gamma + c. All three
// bound the natural residual ||min(gamma, g)||_inf from above (docs/lcp_gradient.md).
enum class DistributedResidual {
  projected_gradient_inf,  // ||P(gamma, g)||_inf, Dai-Fletcher's projected gradient (default)
  projected_gradient_2,    // ||P(gamma, g)||_2
  mazhar,                  // ||(gamma - max(0, gamma - h g)) / h||_2, h = mazhar_step
};

// Preconditioning of bbpgd, apgd and mprgp (docs/collision.md); minmap ignores it.
enum class DistributedPreconditioner {
  none,
  jacobi,  // solve in w = S^-1 gamma, S = diag(A)^-1/2; needs DistributedSolverOptions::diagonal
  // A setting only (scenario value `auto`), which the contact resolver resolves per LCP:
  // jacobi where the LCP has friction cones and the solver takes jacobi on the CPU, none
  // otherwise (effective_preconditioner, contact_settings.hpp). Never reaches a solver.
  automatic,
};

// Where bbpgd and apgd iterate (docs/gpu.md): on this rank's CPU, or on its CUDA device with the
// contact operator's local rows and mobility blocks in device memory and the halo exchanges
// staged through the host. The other solvers run on the CPU only.
enum class ComputeBackend { cpu, cuda };

struct DistributedLcp {
  const DistributedLinearOperator& A;
  const DistributedVector& c;  // on A.layout()
};

struct DistributedSolverOptions {
  double tolerance = 1e-5;  // on the residual below (length units when c is a gap)
  int max_iterations = 0;   // 0: the solver's default (bbpgd, apgd, mprgp 10000; minmap 100)
  // Solver-specific knobs are not here: each solver takes its own parameter struct when it is
  // made (minmap_parameters.hpp, body_space_parameters.hpp).
  DistributedResidual residual = DistributedResidual::projected_gradient_inf;
  double mazhar_step = 1e-6;
  // Starting point, e.g. the previous step's or ReLCP iteration's forces (extend_with_zeros);
  // projected onto gamma >= 0 (onto the cones when there are cones). Null: gamma = 0.
  const DistributedVector* warm_start = nullptr;
  // The warm start solves this LCP on its earlier rows, and only rows appended since start at 0
  // (ReLCP's re-solves): `auto` then takes the Newton method that profits from a warm start.
  bool warm_start_extends_solution = false;
  // With warm_start_extends_solution: how many rows (all ranks) were appended since that solve.
  std::int64_t appended_rows = 0;
  bool record_history = true;  // fill DistributedSolverResult::history
  DistributedPreconditioner preconditioner = DistributedPreconditioner::none;
  // diag(A) on A.layout() (e.g. ContactOperator::diagonal); required by jacobi, else unused.
  const DistributedVector* diagonal = nullptr;
  // The Coulomb cones of this rank's rows (docs/friction.md): the feasible set becomes their
  // product, the LCP a cone complementarity problem (CCP). bbpgd and apgd only, without jacobi.
  // Null: every row is unilateral.
  const lcp::FrictionCones* cones = nullptr;
  // With cones: solve the exact Coulomb problem (De Saxce's modified velocity) rather than the
  // CCP. Solvers with the exact_coulomb capability only.
  bool exact_coulomb = false;
  // Stop with max_iterations once the residual's decay over the last iterations, extrapolated over
  // the iterations left, cannot reach the tolerance (a solve bound to fail ends early). nsgs only;
  // the Coulomb fixed point's rescue sets it.
  bool stop_when_out_of_reach = false;
  // cuda: A must be a ContactOperator (or a CountingOperator around one) and the preconditioner
  // none; the solve throws InputError ("backend") otherwise, and RunTimeFailure without a device.
  ComputeBackend backend = ComputeBackend::cpu;
};

struct DistributedSolverResult {
  lcp::Status status = lcp::Status::numerical_failure;
  int iterations = 0;
  double residual = 0.0;          // the chosen residual of the returned gamma
  double natural_residual = 0.0;  // ||min(gamma, A gamma + c)||_inf of the returned gamma
  std::vector<double> history;    // the chosen residual after every iteration
  int operator_applications = 0;  // including those inside the Krylov solves
  int krylov_iterations = 0;      // minmap: summed over the Newton steps
  int factorizations = 0;         // alm, ip: sparse factorizations of Newton matrices (0 for the others)
  double seconds = 0.0;
  DistributedVector gamma;
};

class DistributedLcpSolver {
 public:
  virtual ~DistributedLcpSolver() = default;
  virtual std::string_view name() const = 0;
  // Collective. Throws std::invalid_argument when c, the warm start or the diagonal does not
  // have A's layout or jacobi has no diagonal,
  // InputError (key "tolerance", "max_iterations" or "mazhar_step") for invalid options.
  virtual DistributedSolverResult solve(const DistributedLcp& problem,
                                        const DistributedSolverOptions& options) const = 0;

  // What a solver learns over a run and uses in later solves (auto's choice), for checkpoints.
  // Empty for a solver without such state.
  virtual std::vector<double> saved_state() const { return {}; }
  virtual void restore_state(const std::vector<double>& /*state*/) const {}
};

}  // namespace relcp::collision
