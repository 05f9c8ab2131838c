// Rolling friction by a semismooth Newton method on the Alart-Curnier function (Alart and
// Curnier 1991), extended to the rolling rows of Siconos' RollingFrictionContact problems: the
// FC3D solver of alart_curnier_newton.cpp with a second disk. For each contact, with
// u = W r + q and p = max(0, r_n - rho_n u_n),
//     Phi_n = r_n - p
//     Phi_t = r_t - P_D(r_t - rho_t u_t),   D the disk of radius mu p
//     Phi_r = r_r - P_R(r_r - rho_r u_r),   R the disk of radius mu_r p
// whose zeros are exactly the solutions of the rolling law (normal complementarity, Coulomb's
// law for r_t against u_t, the same for r_r against u_r with mu_r). Newton steps solve
// (A + B W) dr = -Phi with A = dPhi/dr and B = dPhi/du from the generalized Jacobian, one LU per
// iteration (dense, full pivoting, up to 600 rows; sparse LU above), damped by a non-monotone
// Armijo backtracking on ||Phi||^2 / 2, with Levenberg-Marquardt shifts and, where no step
// decreases the merit, rolling NSGS sweeps before Newton resumes (outer_iterations counts them).
// Siconos' rolling error of the iterate projected onto the cones decides convergence.

#include <Eigen/Dense>
#include <Eigen/SparseLU>
#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>
#include <vector>

#include "lcp/friction/rolling_friction_solvers.hpp"
#include "lcp/friction/rolling_solver_support.hpp"
#include "lcp/friction/siconos_rolling_error.hpp"

namespace relcp::lcp {
namespace {

constexpr Index kRows = RollingFrictionProblem::kDimension;
constexpr int kDefaultIterations = 1000;
constexpr Index kDenseLimit = 600;       // rows up to which the Newton matrix is dense
constexpr double kArmijo = 1e-4;         // sufficient decrease of ||Phi||^2 / 2
constexpr double kSmallestStep = 1e-10;  // backtracking gives up below this step
constexpr int kNonmonotoneWindow = 10;   // compare with the largest merit of the last iterations
constexpr int kShifts = 5;               // the Newton step, then shifts 1e-8, 1e-6, 1e-4, 1e-2
constexpr double kFirstShift = 1e-8;
constexpr int kMaxFallbacks = 20;    // NSGS interludes at most
constexpr int kFallbackSweeps = 50;  // NSGS sweeps per interlude

using rolling_detail::RollingBlock;
using ColumnMajor = Eigen::SparseMatrix<double, Eigen::ColMajor, int>;

// rho_n = 1 / W_nn, rho_t and rho_r = 1 / the larger diagonal entry of their rows in the
// contact's block: the function then compares forces with forces.
struct Scaling {
  double normal = 1.0;
  double tangential = 1.0;
  double rolling = 1.0;
};

double inverse_or_one(double value) { return value > 0.0 ? 1.0 / value : 1.0; }

std::vector<Scaling> scalings(const RollingFrictionProblem& problem) {
  std::vector<Scaling> rho(static_cast<std::size_t>(problem.contacts()));
  for (Index c = 0; c < problem.contacts(); ++c) {
    const RollingBlock W = rolling_detail::contact_block(problem.local(), kRows * c);
    Scaling& s = rho[static_cast<std::size_t>(c)];
    s.normal = inverse_or_one(W(0, 0));
    s.tangential = inverse_or_one(std::max(W(1, 1), W(2, 2)));
    s.rolling = inverse_or_one(std::max(W(3, 3), W(4, 4)));
  }
  return rho;
}

struct AlartCurnier {
  Vector phi;
  std::vector<RollingBlock> A, B;
};

// Rows `first`, `first + 1` of Phi: r_d - P_disk(r_d - rho u_d), the disk of radius coefficient
// max(0, x) where x = r_n - rho_n u_n; with A, B their rows of the Jacobian blocks.
void disk_rows(Index first, double coefficient, double rho, double rho_normal, double x, const RollingLocal& r,
               const RollingLocal& u, RollingLocal& phi, RollingBlock* A, RollingBlock* B) {
  const Eigen::Vector2d y(r[first] - rho * u[first], r[first + 1] - rho * u[first + 1]);
  const double radius = coefficient * std::max(x, 0.0);
  const double length = y.norm();
  const bool sliding = length > radius;
  const Eigen::Vector2d direction = sliding && length > 0.0 ? Eigen::Vector2d(y / length) : Eigen::Vector2d::Zero();
  const Eigen::Vector2d projected = sliding ? Eigen::Vector2d(radius * direction) : y;
  phi[first] = r[first] - projected[0];
  phi[first + 1] = r[first + 1] - projected[1];
  if (A == nullptr) return;
  if (!sliding) {  // Phi_d = rho u_d
    (*B)(first, first) = (*B)(first + 1, first + 1) = rho;
    return;
  }
  // Phi_d = r_d - radius y / |y|; d(y / |y|) / dy = (I - d d^T) / |y|.
  const Eigen::Matrix2d G = (Eigen::Matrix2d::Identity() - direction * direction.transpose()) / length;
  A->block<2, 2>(first, first) = Eigen::Matrix2d::Identity() - radius * G;
  B->block<2, 2>(first, first) = radius * rho * G;
  if (x > 0.0) {  // the radius moves with r_n and u_n
    A->block<2, 1>(first, 0) = -coefficient * direction;
    B->block<2, 1>(first, 0) = coefficient * rho_normal * direction;
  }
}

void contact_function(double mu, double mu_r, const Scaling& rho, const RollingLocal& r, const RollingLocal& u,
                      RollingLocal& phi, RollingBlock* A, RollingBlock* B) {
  const double x = r[0] - rho.normal * u[0];
  phi[0] = r[0] - std::max(x, 0.0);
  if (A != nullptr) {
    A->setZero();
    B->setZero();
    if (x > 0.0) {
      (*B)(0, 0) = rho.normal;
    } else {
      (*A)(0, 0) = 1.0;
    }
  }
  disk_rows(1, mu, rho.tangential, rho.normal, x, r, u, phi, A, B);
  disk_rows(3, mu_r, rho.rolling, rho.normal, x, r, u, phi, A, B);
}

AlartCurnier evaluate(const RollingFrictionProblem& problem, const std::vector<Scaling>& rho, const Vector& r,
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
    RollingLocal phi;
    contact_function(problem.mu()[c], problem.mu_r()[c], rho[k], r.segment<kRows>(kRows * c),
                     u.segment<kRows>(kRows * c), phi, jacobian ? &ac.A[k] : nullptr, jacobian ? &ac.B[k] : nullptr);
    ac.phi.segment<kRows>(kRows * c) = phi;
  }
  return ac;
}

// A + B W (block-diagonal A and B), factorized: dense with full pivoting up to kDenseLimit rows,
// sparse LU above.
class NewtonSystem {
 public:
  NewtonSystem(const RollingFrictionProblem& problem, const AlartCurnier& ac) {
    const Index n = problem.size();
    std::vector<Eigen::Triplet<double>> a_entries, b_entries;
    for (Index c = 0; c < problem.contacts(); ++c) {
      const auto k = static_cast<std::size_t>(c);
      for (Index i = 0; i < kRows; ++i) {
        for (Index j = 0; j < kRows; ++j) {
          if (ac.A[k](i, j) != 0.0) a_entries.emplace_back(kRows * c + i, kRows * c + j, ac.A[k](i, j));
          if (ac.B[k](i, j) != 0.0) b_entries.emplace_back(kRows * c + i, kRows * c + j, ac.B[k](i, j));
        }
      }
    }
    SparseMatrix A(n, n), B(n, n);
    A.setFromTriplets(a_entries.begin(), a_entries.end());
    B.setFromTriplets(b_entries.begin(), b_entries.end());
    if (n <= kDenseLimit) {
      dense_ = DenseMatrix(A) + B * problem.local().dense();
    } else {
      sparse_ = ColumnMajor(A + SparseMatrix(B * problem.local().sparse()));
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

// Armijo on ||Phi||^2 / 2 against `reference`, the largest merit of the last few iterations
// (non-monotone, Grippo, Lampariello and Lucidi 1986). Moves r and u on success.
bool line_search(const RollingFrictionProblem& problem, const std::vector<Scaling>& rho, const Vector& step,
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

FrictionSolverResult solve_rolling_alart_curnier(const RollingFrictionProblem& problem,
                                                 const FrictionSolverOptions& options) {
  auto [r, max_iterations] = rolling_detail::start_solve(problem, options, kDefaultIterations);
  const std::vector<Scaling> rho = scalings(problem);
  Status status = Status::max_iterations;
  int iteration = 0;
  Vector u = problem.velocity(r);
  std::vector<double> recent;  // merits of the last kNonmonotoneWindow iterations
  int fallbacks = 0;
  for (; iteration < max_iterations; ++iteration) {
    Vector projected = r;
    problem.project_onto_cones(projected);
    if (siconos_rolling_error(problem, projected) <= options.tolerance) {
      status = Status::converged;
      break;
    }
    const AlartCurnier ac = evaluate(problem, rho, r, u, true);
    const NewtonSystem system(problem, ac);
    const double current = merit(ac);
    recent.push_back(current);
    if (recent.size() > static_cast<std::size_t>(kNonmonotoneWindow)) recent.erase(recent.begin());
    const double reference = *std::max_element(recent.begin(), recent.end());
    bool accepted = false;
    for (int attempt = 0; attempt < kShifts && !accepted; ++attempt) {
      const std::optional<Vector> step =
          system.step(ac.phi, attempt == 0 ? 0.0 : kFirstShift * std::pow(100.0, attempt - 1));
      if (!step) continue;
      accepted = line_search(problem, rho, *step, reference, current, r, u);
    }
    if (!accepted) {
      if (fallbacks == kMaxFallbacks) {
        status = Status::stagnation;
        break;
      }
      ++fallbacks;
      FrictionSolverOptions sweeps = options;
      sweeps.max_iterations = kFallbackSweeps;
      sweeps.warm_start = r;
      FrictionSolverResult swept = solve_rolling_nsgs(problem, sweeps);
      r = std::move(swept.r);
      u = std::move(swept.u);
      recent.clear();
    }
  }
  problem.project_onto_cones(r);
  return rolling_detail::finish(problem, options, status, iteration, fallbacks, std::move(r));
}

}  // namespace relcp::lcp
