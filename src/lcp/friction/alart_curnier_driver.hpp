#pragma once
// The semismooth Newton method on the Alart-Curnier function (Alart and Curnier 1991; the method
// of Siconos' NSN_AC, docs/friction_lcp.md "Newton on the Alart-Curnier function"), for any
// contact model: FC3D (alart_curnier_newton.cpp) and rolling (rolling_alart_curnier_newton.cpp).
// Newton steps solve (A + B W) dr = -Phi with A = dPhi/dr and B = dPhi/du an element of the
// generalized Jacobian, one LU per iteration (dense, full pivoting, up to 600 rows; sparse LU
// above), damped by a non-monotone Armijo backtracking on ||Phi||^2 / 2, with Levenberg-Marquardt
// shifts and, where no step decreases the merit, a few NSGS sweeps before Newton resumes
// (outer_iterations counts them). The model's Siconos error of the iterate projected onto the
// cones decides convergence, as for every frictional solver here. Internal to lcp/friction.
//
// A contact model `Model` has kRows rows per contact and
//   problem()                             the problem (contacts(), size(), local(), velocity(r))
//   contact_function(c, r, u, phi, A, B)  Phi of contact c at its rows of (r, u); with A and B
//                                         non-null, their blocks of dPhi/dr and dPhi/du
//   error(r)                              the Siconos error of r
//   project_onto_cones(r)                 in place, every contact
//   sweeps(options)                       the NSGS solve of the fallback interludes
// and the problem has overloads of friction_detail::start_solve and finish.

#include <Eigen/Dense>
#include <Eigen/SparseLU>
#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>
#include <vector>

#include "lcp/friction/friction_solver_support.hpp"
#include "lcp/friction/rolling_solver_support.hpp"

namespace relcp::lcp::alart_curnier_detail {

constexpr int kDefaultIterations = 1000;
constexpr Index kDenseLimit = 600;       // rows up to which the Newton matrix is dense
constexpr double kArmijo = 1e-4;         // sufficient decrease of ||Phi||^2 / 2
constexpr double kSmallestStep = 1e-10;  // backtracking gives up below this step
constexpr int kNonmonotoneWindow = 10;   // compare with the largest merit of the last iterations
constexpr int kShifts = 5;               // the Newton step, then shifts 1e-8, 1e-6, 1e-4, 1e-2
constexpr double kFirstShift = 1e-8;     // A + B W is O(1): A holds 0 and 1, rho scales W
constexpr int kMaxFallbacks = 20;        // NSGS interludes at most
constexpr int kFallbackSweeps = 50;      // NSGS sweeps per interlude

template <int d>
using Block = Eigen::Matrix<double, d, d>;
template <int d>
using Local = Eigen::Matrix<double, d, 1>;
using ColumnMajor = Eigen::SparseMatrix<double, Eigen::ColMajor, int>;

// Phi at (r, u), and with `jacobian` its blocks A = dPhi/dr and B = dPhi/du per contact.
template <int d>
struct AlartCurnier {
  Vector phi;
  std::vector<Block<d>> A, B;
};

template <class Model>
AlartCurnier<Model::kRows> evaluate(const Model& model, const Vector& r, const Vector& u, bool jacobian) {
  constexpr int d = Model::kRows;
  const Index contacts = model.problem().contacts();
  AlartCurnier<d> ac;
  ac.phi.resize(model.problem().size());
  if (jacobian) {
    ac.A.resize(static_cast<std::size_t>(contacts));
    ac.B.resize(static_cast<std::size_t>(contacts));
  }
  for (Index c = 0; c < contacts; ++c) {
    const auto k = static_cast<std::size_t>(c);
    Local<d> phi;
    model.contact_function(c, r.template segment<d>(d * c), u.template segment<d>(d * c), phi,
                           jacobian ? &ac.A[k] : nullptr, jacobian ? &ac.B[k] : nullptr);
    ac.phi.template segment<d>(d * c) = phi;
  }
  return ac;
}

// A + B W (block-diagonal A and B), factorized: dense (full-pivoting LU) up to
// kDenseLimit rows, where a sparse LU's set-up costs more than the factorization, else sparse.
class NewtonSystem {
 public:
  template <int d>
  NewtonSystem(const LcpProblem& W, const AlartCurnier<d>& ac) {
    const Index n = W.size();
    std::vector<Eigen::Triplet<double>> a_entries, b_entries;
    for (std::size_t k = 0; k < ac.A.size(); ++k) {
      const Index first = d * static_cast<Index>(k);
      for (Index i = 0; i < d; ++i) {
        for (Index j = 0; j < d; ++j) {
          if (ac.A[k](i, j) != 0.0) a_entries.emplace_back(first + i, first + j, ac.A[k](i, j));
          if (ac.B[k](i, j) != 0.0) b_entries.emplace_back(first + i, first + j, ac.B[k](i, j));
        }
      }
    }
    SparseMatrix A(n, n), B(n, n);
    A.setFromTriplets(a_entries.begin(), a_entries.end());
    B.setFromTriplets(b_entries.begin(), b_entries.end());
    if (n <= kDenseLimit) {
      dense_ = DenseMatrix(A) + B * W.dense();
    } else {
      const SparseMatrix BW = B * W.sparse();
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

template <int d>
double merit(const AlartCurnier<d>& ac) {
  return 0.5 * ac.phi.squaredNorm();
}

// Armijo on ||Phi||^2 / 2, whose derivative along a Newton step is -||Phi||^2, against
// `reference`, the largest merit of the last few iterations (non-monotone, Grippo, Lampariello
// and Lucidi 1986: a semismooth step may have to climb out of a kink). Moves r and u on success.
template <class Model>
bool line_search(const Model& model, const Vector& step, double reference, double current, Vector& r, Vector& u) {
  for (double t = 1.0; t >= kSmallestStep; t *= 0.5) {
    Vector trial = r + t * step;
    Vector trial_u = model.problem().velocity(trial);
    if (merit(evaluate(model, trial, trial_u, false)) <= reference - 2.0 * kArmijo * t * current) {
      r = std::move(trial);
      u = std::move(trial_u);
      return true;
    }
  }
  return false;
}

template <class Model>
FrictionSolverResult solve(const Model& model, const FrictionSolverOptions& options) {
  auto [r, max_iterations] = friction_detail::start_solve(model.problem(), options, kDefaultIterations);
  Status status = Status::max_iterations;
  int iteration = 0;
  Vector u = model.problem().velocity(r);
  std::vector<double> recent;  // merits of the last kNonmonotoneWindow iterations
  int fallbacks = 0;
  for (; iteration < max_iterations; ++iteration) {
    // An iterate near a zero of Phi may lie just outside the cones: it is a solution when its
    // projection onto them is.
    Vector projected = r;
    model.project_onto_cones(projected);
    if (model.error(projected) <= options.tolerance) {
      status = Status::converged;
      break;
    }
    const auto ac = evaluate(model, r, u, true);
    const NewtonSystem system(model.problem().local(), ac);
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
      accepted = line_search(model, *step, reference, current, r, u);
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
      FrictionSolverResult swept = model.sweeps(sweeps);
      r = std::move(swept.r);
      u = std::move(swept.u);
      recent.clear();
    }
  }
  // The zeros of Phi lie in the cones; the answer is the iterate projected onto them.
  model.project_onto_cones(r);
  return friction_detail::finish(model.problem(), options, status, iteration, fallbacks, std::move(r));
}

}  // namespace relcp::lcp::alart_curnier_detail
