#pragma once
// The distributed LCP solvers of the collision layer, chosen by name at run time:
//   bbpgd   projected Barzilai-Borwein gradient    } the generic algorithms of
//   apgd    accelerated projected gradient          } lcp/projection/projected_gradient.hpp on Tpetra vectors
//   mprgp   Dostal's MPRGP: CG on the free set       } and lcp/projection/mprgp.hpp
//   minmap  minimum-map Newton with Belos Krylov solves of the reduced systems
//   alm     augmented Lagrangian in the bodies' velocities, sparse Cholesky (gathered or MUMPS)
//   ip      Mehrotra's primal-dual interior point on alm's body-space Newton systems
//   auto    apgd, or alm once apgd finds the network hard (distributed_auto_solver.hpp)
// for  0 <= gamma  _|_  A gamma + c >= 0  with A symmetric positive semidefinite (docs/collision.md).
// Every solve is collective over the layout's communicator and returns the same status,
// iteration count, residual and history on every rank.

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

// Krylov method of the min-map Newton systems (Belos).
enum class KrylovMethod {
  cg,     // conjugate gradients: the reduced system is symmetric positive (semi)definite (default)
  gmres,  // restarted GMRES
};

// Preconditioning of bbpgd, apgd and mprgp (docs/collision.md); minmap ignores it.
enum class DistributedPreconditioner {
  none,
  jacobi,  // solve in w = S^-1 gamma, S = diag(A)^-1/2; needs DistributedSolverOptions::diagonal
};

// Where alm factorizes its Newton matrices (docs/collision_alm.md).
enum class AlmFactorization {
  automatic,        // gathered while the LCP has at most kAlmGatherRows rows, else distributed
  gathered,         // the LCP gathered on rank 0, CHOLMOD; the other ranks wait
  distributed,      // each rank its own rows, MUMPS over all ranks; nothing gathered
};
// The largest LCP alm gathers on rank 0 under AlmFactorization::automatic: about 0.5 GB there.
inline constexpr long long kAlmGatherRows = 200000;

struct DistributedLcp {
  const DistributedLinearOperator& A;
  const DistributedVector& c;  // on A.layout()
};

struct DistributedSolverOptions {
  double tolerance = 1e-5;  // on the residual below (length units when c is a gap)
  int max_iterations = 0;   // 0: the solver's default (bbpgd, apgd, mprgp 10000; minmap 100)
  DistributedResidual residual = DistributedResidual::projected_gradient_inf;
  double mazhar_step = 1e-6;
  // Starting point, e.g. the previous step's or ReLCP iteration's forces (extend_with_zeros);
  // projected onto gamma >= 0. Null: gamma = 0.
  const DistributedVector* warm_start = nullptr;
  bool record_history = true;  // fill DistributedSolverResult::history
  DistributedPreconditioner preconditioner = DistributedPreconditioner::none;
  // diag(A) on A.layout() (e.g. ContactOperator::diagonal); required by jacobi, else unused.
  const DistributedVector* diagonal = nullptr;
  // minmap only.
  KrylovMethod krylov = KrylovMethod::cg;
  int krylov_max_iterations = 300;  // per Newton step
  // kappa of the Levenberg-Marquardt shift mu of the reduced Newton systems,
  // (A_AA + mu I) dz_A = r_A, mu = max(kappa s ||H||_2 / ||H_0||_2, mu_previous / 10), s the
  // Rayleigh quotient of A_AA on H_A; raised tenfold when a step fails (docs/collision.md).
  // 0: the plain Newton system until a step fails. Must be finite and >= 0.
  double minmap_regularization = 1e-4;
  // alm only: the penalty rho of the augmented Lagrangian is alm_penalty / lambda_max(A); the
  // multiplier update shrinks an error component along an eigenvalue lambda of A by
  // 1 / (1 + rho lambda). Must be positive and finite.
  double alm_penalty = 1e6;
  AlmFactorization alm_factorization = AlmFactorization::automatic;  // alm only
  // The Coulomb cones of this rank's rows (docs/friction.md): the feasible set becomes their
  // product, the LCP a cone complementarity problem (CCP). bbpgd and apgd only, without jacobi.
  // Null: every row is unilateral.
  const lcp::FrictionCones* cones = nullptr;
};

struct DistributedSolverResult {
  lcp::Status status = lcp::Status::numerical_failure;
  int iterations = 0;
  double residual = 0.0;          // the chosen residual of the returned gamma
  double natural_residual = 0.0;  // ||min(gamma, A gamma + c)||_inf of the returned gamma
  std::vector<double> history;    // the chosen residual after every iteration
  int operator_applications = 0;  // including those inside the Krylov solves
  int krylov_iterations = 0;      // minmap: summed over the Newton steps
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
};

// "auto", "bbpgd", "apgd", "mprgp", "minmap", "alm" or "ip"; throws InputError (key "solver") for any other name.
std::unique_ptr<DistributedLcpSolver> make_distributed_solver(std::string_view name);
std::vector<std::string> distributed_solver_names();

}  // namespace relcp::collision
