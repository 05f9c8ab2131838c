// Exact Coulomb friction by a semismooth Newton method on the Alart-Curnier function (Alart and
// Curnier 1991; the method of Siconos' NSN_AC, docs/friction_lcp.md "Newton on the
// Alart-Curnier function"). For each contact, with u = W r + q,
//     Phi_n = r_n - max(0, r_n - rho_n u_n)
//     Phi_t = r_t - P_D(r_t - rho_t u_t),   D the disk of radius mu max(0, r_n - rho_n u_n),
// whose zeros are exactly the Coulomb solutions. Newton steps solve (A + B W) dr = -Phi with
// A = dPhi/dr and B = dPhi/du an element of the generalized Jacobian, one LU per
// iteration (dense up to 600 rows), damped by a non-monotone Armijo backtracking on ||Phi||^2 / 2, with
// Levenberg-Marquardt shifts and, where no step decreases the merit, a few NSGS sweeps before
// Newton resumes (outer_iterations counts them). The Siconos error of the iterate decides
// convergence, as for every frictional solver here.

#include <Eigen/Dense>
#include <Eigen/SparseLU>
#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>
#include <vector>

#include "lcp/friction/friction_solver_support.hpp"
#include "lcp/friction/friction_solvers.hpp"
#include "lcp/friction/siconos_friction_error.hpp"

namespace relcp::lcp {
namespace {

constexpr int kDefaultIterations = 1000;
constexpr Index kDenseLimit = 600;       // rows up to which the Newton matrix is dense
constexpr double kArmijo = 1e-4;         // sufficient decrease of ||Phi||^2 / 2
constexpr double kSmallestStep = 1e-10;  // backtracking gives up below this step
constexpr int kNonmonotoneWindow = 10;   // compare with the largest merit of the last iterations
constexpr int kShifts = 5;               // the Newton step, then shifts 1e-8, 1e-6, 1e-4, 1e-2
constexpr double kFirstShift = 1e-8;     // A + B W is O(1): A holds 0 and 1, rho scales W
constexpr int kMaxFallbacks = 20;        // NSGS interludes at most
constexpr int kFallbackSweeps = 50;      // NSGS sweeps per interlude

using Block = Eigen::Matrix3d;
using Local = Eigen::Vector3d;
using ColumnMajor = Eigen::SparseMatrix<double, Eigen::ColMajor, int>;

struct Scaling {
  double normal = 1.0;      // rho_n
  double tangential = 1.0;  // rho_t
};

// rho_n = 1 / W_nn and rho_t = 1 / the larger tangential diagonal entry of the contact's block:
// the AC function then compares forces with forces.
std::vector<Scaling> scalings(const FrictionContactProblem& problem) {
  std::vector<Scaling> rho(static_cast<std::size_t>(problem.contacts()));
  for (Index c = 0; c < problem.contacts(); ++c) {
    const Block W = friction_detail::contact_block(problem.local(), 3 * c);
    const double tangential = std::max(W(1, 1), W(2, 2));
    rho[static_cast<std::size_t>(c)].normal = W(0, 0) > 0.0 ? 1.0 / W(0, 0) : 1.0;
    rho[static_cast<std::size_t>(c)].tangential = tangential > 0.0 ? 1.0 / tangential : 1.0;
  }
  return rho;
}

// Phi at (r, u), and with `jacobian` its blocks A = dPhi/dr and B = dPhi/du per contact.
struct AlartCurnier {
  Vector phi;
  std::vector<Block> A, B;
};

void contact_function(double mu, const Scaling& rho, const Local& r, const Local& u, Local& phi, Block* A, Block* B) {
  const double x = r[0] - rho.normal * u[0];
  const double pressure = std::max(x, 0.0);
  phi[0] = r[0] - pressure;
  const Eigen::Vector2d y(r[1] - rho.tangential * u[1], r[2] - rho.tangential * u[2]);
  const double radius = mu * pressure;
  const double length = y.norm();
  const bool sliding = length > radius;
  const Eigen::Vector2d direction = sliding && length > 0.0 ? Eigen::Vector2d(y / length) : Eigen::Vector2d::Zero();
  const Eigen::Vector2d projected = sliding ? Eigen::Vector2d(radius * direction) : y;
  phi[1] = r[1] - projected[0];
  phi[2] = r[2] - projected[1];
  if (A == nullptr) return;
  A->setZero();
  B->setZero();
  if (x > 0.0) {
    (*B)(0, 0) = rho.normal;
  } else {
    (*A)(0, 0) = 1.0;
  }
  if (!sliding) {  // Phi_t = rho_t u_t
    (*B)(1, 1) = (*B)(2, 2) = rho.tangential;
    return;
  }
  // Phi_t = r_t - radius y / |y|; d(y / |y|) / dy = (I - d d^T) / |y|.
  const Eigen::Matrix2d G = (Eigen::Matrix2d::Identity() - direction * direction.transpose()) / length;
  A->block<2, 2>(1, 1) = Eigen::Matrix2d::Identity() - radius * G;
  B->block<2, 2>(1, 1) = radius * rho.tangential * G;
  if (x > 0.0) {  // the radius mu max(0, x) moves with r_n and u_n
    A->block<2, 1>(1, 0) = -mu * direction;
    B->block<2, 1>(1, 0) = mu * rho.normal * direction;
  }
}

AlartCurnier evaluate(const FrictionContactProblem& problem, const std::vector<Scaling>& rho, const Vector& r,
                      const Vector& u, bool jacobian) {
  const Index contacts = problem.contacts();
  AlartCurnier ac;
  ac.phi.resize(problem.size());
  if (jacobian) {
    ac.A.resize(static_cast<std::size_t>(contacts));
    ac.B.resize(static_cast<std::size_t>(contacts));
  }
  for (Index c = 0; c < contacts; ++c) {
    const auto k = static_cast<std::size_t>(c);
    Local phi;
    contact_function(problem.mu()[c], rho[k], r.segment<3>(3 * c), u.segment<3>(3 * c), phi,
                     jacobian ? &ac.A[k] : nullptr, jacobian ? &ac.B[k] : nullptr);
    ac.phi.segment<3>(3 * c) = phi;
  }
  return ac;
}

// A + B W (block-diagonal A and B), factorized: dense (full-pivoting LU) up to
// kDenseLimit rows, where a sparse LU's set-up costs more than the factorization, else sparse.
class NewtonSystem {
 public:
  NewtonSystem(const FrictionContactProblem& problem, const AlartCurnier& ac) {
    const Index n = problem.size();
    std::vector<Eigen::Triplet<double>> a_entries, b_entries;
    for (Index c = 0; c < problem.contacts(); ++c) {
      const auto k = static_cast<std::size_t>(c);
      for (Index i = 0; i < 3; ++i) {
        for (Index j = 0; j < 3; ++j) {
          if (ac.A[k](i, j) != 0.0) a_entries.emplace_back(3 * c + i, 3 * c + j, ac.A[k](i, j));
          if (ac.B[k](i, j) != 0.0) b_entries.emplace_back(3 * c + i, 3 * c + j, ac.B[k](i, j));
        }
      }
    }
    SparseMatrix A(n, n), B(n, n);
    A.setFromTriplets(a_entries.begin(), a_entries.end());
    B.setFromTriplets(b_entries.begin(), b_entries.end());
    if (n <= kDenseLimit) {
      dense_ = DenseMatrix(A) + B * problem.local().dense();
    } else {
      const SparseMatrix BW = B * problem.local().sparse();
      sparse_ = ColumnMajor(A + BW);
    }
  }

  // The solution of (A + B W + shift I) step = -phi, or nothing when the factorization fails.
  std::optional<Vector> step(const Vector& phi, double shift) const {
    Vector step;
    if (dense_.size() > 0) {
      DenseMatrix matrix = dense_;
      matrix.diagonal().array() += shift;
      step = matrix.fullPivLu().solve(-phi);
    } else {
      ColumnMajor matrix = sparse_;
      if (shift > 0.0) {
        ColumnMajor identity(matrix.rows(), matrix.cols());
        identity.setIdentity();
        matrix += shift * identity;
      }
      Eigen::SparseLU<ColumnMajor> lu;
      lu.compute(matrix);
      if (lu.info() != Eigen::Success) return std::nullopt;
      step = lu.solve(-phi);
      if (lu.info() != Eigen::Success) return std::nullopt;
    }
    if (!step.allFinite()) return std::nullopt;
    return step;
  }

 private:
  DenseMatrix dense_;
  ColumnMajor sparse_;
};

double merit(const AlartCurnier& ac) { return 0.5 * ac.phi.squaredNorm(); }

void project_onto_cones(const FrictionContactProblem& problem, Vector& r) {
  for (Index c = 0; c < problem.contacts(); ++c) {
    friction_detail::project_onto_contact_cone(problem.mu()[c], r[3 * c], r[3 * c + 1], r[3 * c + 2]);
  }
}

// Armijo on ||Phi||^2 / 2, whose derivative along a Newton step is -||Phi||^2, against
// `reference`, the largest merit of the last few iterations (non-monotone, Grippo, Lampariello
// and Lucidi 1986: a semismooth step may have to climb out of a kink). Moves r and u on success.
bool line_search(const FrictionContactProblem& problem, const std::vector<Scaling>& rho, const Vector& step,
                 double reference, double current, Vector& r, Vector& u) {
  for (double t = 1.0; t >= kSmallestStep; t *= 0.5) {
    Vector trial = r + t * step;
    Vector trial_u = problem.velocity(trial);
    if (merit(evaluate(problem, rho, trial, trial_u, false)) <= reference - 2.0 * kArmijo * t * current) {
      r = std::move(trial);
      u = std::move(trial_u);
      return true;
    }
  }
  return false;
}

}  // namespace

FrictionSolverResult solve_coulomb_alart_curnier(const FrictionContactProblem& problem,
                                                 const FrictionSolverOptions& options) {
  auto [r, max_iterations] = friction_detail::start_solve(problem, options, kDefaultIterations);
  const std::vector<Scaling> rho = scalings(problem);
  Status status = Status::max_iterations;
  int iteration = 0;
  Vector u = problem.velocity(r);
  std::vector<double> recent;  // merits of the last kNonmonotoneWindow iterations
  int fallbacks = 0;
  for (; iteration < max_iterations; ++iteration) {
    // An iterate near a zero of Phi may lie just outside the cones: it is a solution when its
    // projection onto them is.
    Vector projected = r;
    project_onto_cones(problem, projected);
    if (siconos_friction_error(problem, projected) <= options.tolerance) {
      status = Status::converged;
      break;
    }
    const AlartCurnier ac = evaluate(problem, rho, r, u, true);
    const NewtonSystem system(problem, ac);
    const double current = merit(ac);
    recent.push_back(current);
    if (recent.size() > static_cast<std::size_t>(kNonmonotoneWindow)) recent.erase(recent.begin());
    const double reference = *std::max_element(recent.begin(), recent.end());
    // The Newton step, and when its line search fails, Levenberg-Marquardt steps with growing
    // shifts: near redundant contacts (a box on four corners) A + B W is singular.
    bool accepted = false;
    for (int attempt = 0; attempt < kShifts && !accepted; ++attempt) {
      const std::optional<Vector> step =
          system.step(ac.phi, attempt == 0 ? 0.0 : kFirstShift * std::pow(100.0, attempt - 1));
      if (!step) continue;
      accepted = line_search(problem, rho, *step, reference, current, r, u);
    }
    if (!accepted) {
      // Hybrid globalization: NSGS sweeps from the iterate (they converge where Newton's merit
      // has no descent left, slowly), then Newton again from where they stop.
      if (fallbacks == kMaxFallbacks) {
        status = Status::stagnation;
        break;
      }
      ++fallbacks;
      FrictionSolverOptions sweeps = options;
      sweeps.max_iterations = kFallbackSweeps;
      sweeps.warm_start = r;
      FrictionSolverResult swept = solve_coulomb_nsgs(problem, sweeps);
      r = std::move(swept.r);
      u = std::move(swept.u);
      recent.clear();
    }
  }
  // The zeros of Phi lie in the cones; the answer is the iterate projected onto them.
  project_onto_cones(problem, r);
  return friction_detail::finish(problem, options, status, iteration, fallbacks, std::move(r));
}

}  // namespace relcp::lcp
