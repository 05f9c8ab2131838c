#include "lcp/pivoting/dantzig.hpp"

#include <Eigen/Cholesky>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "core/stopwatch.hpp"
#include "lcp/matrix_symmetry.hpp"
#include "lcp/residual.hpp"
#include "lcp/solver_factories.hpp"
#include "lcp/starting_point.hpp"

namespace relcp::lcp {
namespace {

// M counts as symmetric when max |M - M^T| <= this times max |M|.
constexpr double kSymmetryTolerance = 1e-10;
// Direction entries at or below this fraction of the direction's largest magnitude are
// treated as zero when looking for blocking indices.
constexpr double kDirectionTolerance = 1e-12;
// A Cholesky pivot (Schur complement) at or below this fraction of the diagonal entry means
// the clamped block has become numerically singular.
constexpr double kSingularTolerance = 1e-12;
// Unprocessed w above -kNegativeTolerance * max|q| count as non-negative (round-off).
constexpr double kNegativeTolerance = 1e-14;
// Unprocessed w within this relative distance of the most negative one are ties.
constexpr double kTieTolerance = 1e-12;

// SplitMix64: a tiny generator whose sequence is the same on every platform (the standard
// distributions are not), so that a seed fixes the tie-breaking everywhere.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

 private:
  std::uint64_t state_;
};

// Cholesky factor L L^T of the principal block M_CC over an ordered index list C, with O(k^2)
// append (bordering) and removal (row deletion restored to triangular by Givens rotations).
class UpdatableCholesky {
 public:
  explicit UpdatableCholesky(const DenseMatrix& M) : M_(M), factor_(M.rows(), M.rows()), border_(M.rows()) {
    indices_.reserve(static_cast<std::size_t>(M.rows()));
  }

  Index size() const { return static_cast<Index>(indices_.size()); }
  const std::vector<Index>& indices() const { return indices_; }

  // Appends p to C. Returns false, leaving the factor unchanged, when M_CC would become
  // numerically singular.
  bool append(Index p) {
    const Index k = size();
    auto border = border_.head(k);
    for (Index i = 0; i < k; ++i) border[i] = M_(indices_[static_cast<std::size_t>(i)], p);
    factor_.topLeftCorner(k, k).triangularView<Eigen::Lower>().solveInPlace(border);
    const double schur = M_(p, p) - border.squaredNorm();
    if (!(schur > kSingularTolerance * std::abs(M_(p, p)))) return false;
    factor_.row(k).head(k) = border.transpose();
    factor_(k, k) = std::sqrt(schur);
    indices_.push_back(p);
    return true;
  }

  // Removes p (which must be in C).
  void remove(Index p) {
    const Index k = size();
    const auto found = std::find(indices_.begin(), indices_.end(), p);
    const Index position = static_cast<Index>(found - indices_.begin());
    indices_.erase(found);
    // Deleting row `position` leaves rows position..k-2 with one entry right of the diagonal
    // (the old diagonal of the row below). Only the lower triangle is ever read.
    for (Index r = position; r + 1 < k; ++r) {
      factor_.row(r).head(r + 2) = factor_.row(r + 1).head(r + 2);
    }
    for (Index i = position; i + 1 < k; ++i) {
      const double a = factor_(i, i);
      const double b = factor_(i, i + 1);
      const double radius = std::hypot(a, b);
      const double c = a / radius;
      const double s = b / radius;
      for (Index m = i; m + 1 < k; ++m) {
        const double left = factor_(m, i);
        const double right = factor_(m, i + 1);
        factor_(m, i) = c * left + s * right;
        factor_(m, i + 1) = c * right - s * left;
      }
    }
  }

  // rhs <- M_CC^-1 rhs, rhs ordered like indices().
  template <typename Segment>
  void solve_in_place(Segment&& rhs) const {
    const auto factor = factor_.topLeftCorner(size(), size());
    factor.triangularView<Eigen::Lower>().solveInPlace(rhs);
    factor.transpose().triangularView<Eigen::Upper>().solveInPlace(rhs);
  }

 private:
  const DenseMatrix& M_;
  DenseMatrix factor_;  // lower triangle of the top-left size() x size() block
  Vector border_;
  std::vector<Index> indices_;
};

class IncrementalPivoting {
 public:
  enum class Outcome { solution, unbounded, singular, pivot_limit };

  IncrementalPivoting(const DenseMatrix& M, const Vector& q, std::uint64_t seed, int max_pivots)
      : M_(M),
        q_(q),
        n_(q.size()),
        x_(Vector::Zero(n_)),
        w_(q),
        direction_x_(n_),
        direction_w_(n_),
        sets_(static_cast<std::size_t>(n_), DantzigIndexSet::unprocessed),
        clamped_(M),
        generator_(seed),
        max_pivots_(max_pivots) {
    ties_.reserve(static_cast<std::size_t>(n_));
  }

  Outcome run(const DantzigObserver& observer, std::vector<double>* history) {
    while (true) {
      refresh_w();
      const Index driven = most_violated_unprocessed();
      if (driven < 0) return Outcome::solution;
      if (history) history->push_back(w_[driven]);
      const Outcome outcome = drive(driven);
      if (outcome != Outcome::solution) return outcome;
      ++outer_iterations_;
      if (observer) observer(DantzigSnapshot{outer_iterations_, x_, sets_});
    }
  }

  const Vector& x() const { return x_; }
  int outer_iterations() const { return outer_iterations_; }

 private:
  DantzigIndexSet& set_of(Index i) { return sets_[static_cast<std::size_t>(i)]; }

  // w = M x + q from scratch (only clamped x are non-zero), so that round-off does not build
  // up across outer iterations; clamped w are exactly 0 by the invariant.
  void refresh_w() {
    w_ = q_;
    for (const Index c : clamped_.indices()) w_ += M_.col(c) * x_[c];
    for (const Index c : clamped_.indices()) w_[c] = 0.0;
  }

  // The unprocessed index with the most negative w (a seeded draw among ties), or -1 when no
  // unprocessed w is negative.
  Index most_violated_unprocessed() {
    double smallest = std::numeric_limits<double>::infinity();
    for (Index i = 0; i < n_; ++i) {
      if (set_of(i) == DantzigIndexSet::unprocessed) smallest = std::min(smallest, w_[i]);
    }
    const double negative_floor = kNegativeTolerance * q_.cwiseAbs().maxCoeff();
    if (!(smallest < -negative_floor)) return -1;
    ties_.clear();
    const double tie_limit = smallest + kTieTolerance * std::abs(smallest);
    for (Index i = 0; i < n_; ++i) {
      if (set_of(i) == DantzigIndexSet::unprocessed && w_[i] <= tie_limit) ties_.push_back(i);
    }
    return ties_[static_cast<std::size_t>(generator_.next() % ties_.size())];
  }

  // Raises x_j from 0 until w_j = 0, pivoting blocking indices between clamped and separated.
  Outcome drive(Index j) {
    enum class Block { driven, clamped_leaves, separated_joins };
    while (true) {
      if (pivots_ >= max_pivots_) return Outcome::pivot_limit;
      const std::vector<Index>& clamped = clamped_.indices();
      const Index k = clamped_.size();

      // Direction per unit increase of x_j: dx_C = -M_CC^-1 M_Cj keeps w_C = 0.
      auto dx = direction_x_.head(k);
      for (Index i = 0; i < k; ++i) dx[i] = -M_(clamped[static_cast<std::size_t>(i)], j);
      clamped_.solve_in_place(dx);
      direction_w_ = M_.col(j);
      for (Index i = 0; i < k; ++i) direction_w_ += M_.col(clamped[static_cast<std::size_t>(i)]) * dx[i];

      const double w_floor = kDirectionTolerance * direction_w_.cwiseAbs().maxCoeff();
      const double x_floor = k > 0 ? kDirectionTolerance * dx.cwiseAbs().maxCoeff() : 0.0;
      double step = std::numeric_limits<double>::infinity();
      Block block = Block::driven;
      Index blocking = j;
      if (direction_w_[j] > w_floor) step = -w_[j] / direction_w_[j];
      for (Index i = 0; i < k; ++i) {
        if (dx[i] < -x_floor) {
          const Index c = clamped[static_cast<std::size_t>(i)];
          const double limit = -x_[c] / dx[i];
          if (limit < step) {
            step = limit;
            block = Block::clamped_leaves;
            blocking = c;
          }
        }
      }
      for (Index r = 0; r < n_; ++r) {
        if (set_of(r) == DantzigIndexSet::separated && direction_w_[r] < -w_floor) {
          const double limit = -w_[r] / direction_w_[r];
          if (limit < step) {
            step = limit;
            block = Block::separated_joins;
            blocking = r;
          }
        }
      }
      if (!std::isfinite(step)) return Outcome::unbounded;
      step = std::max(step, 0.0);  // a round-off negative x or w blocks at once

      for (Index i = 0; i < k; ++i) x_[clamped[static_cast<std::size_t>(i)]] += step * dx[i];
      x_[j] += step;
      w_ += step * direction_w_;
      for (const Index c : clamped) w_[c] = 0.0;
      ++pivots_;

      switch (block) {
        case Block::driven:
          w_[j] = 0.0;
          if (!clamped_.append(j)) return Outcome::singular;
          set_of(j) = DantzigIndexSet::clamped;
          return Outcome::solution;
        case Block::clamped_leaves:
          x_[blocking] = 0.0;
          clamped_.remove(blocking);
          set_of(blocking) = DantzigIndexSet::separated;
          break;
        case Block::separated_joins:
          w_[blocking] = 0.0;
          if (!clamped_.append(blocking)) return Outcome::singular;
          set_of(blocking) = DantzigIndexSet::clamped;
          break;
      }
    }
  }

  const DenseMatrix& M_;
  const Vector& q_;
  Index n_;
  Vector x_;
  Vector w_;
  Vector direction_x_;
  Vector direction_w_;
  std::vector<DantzigIndexSet> sets_;
  UpdatableCholesky clamped_;
  SplitMix64 generator_;
  std::vector<Index> ties_;
  int max_pivots_;
  int pivots_ = 0;
  int outer_iterations_ = 0;
};

}  // namespace

SolverResult DantzigSolver::solve(const LcpProblem& problem, const SolverOptions& options) const {
  const Stopwatch clock;
  SolverResult result;
  const Index n = problem.size();
  const DenseMatrix& M = problem.dense();
  const Vector& q = problem.q();
  result.z = Vector::Zero(n);
  result.residual = std::numeric_limits<double>::infinity();

  if (!M.allFinite() || !q.allFinite()) {
    result.status = Status::numerical_failure;
  } else if (!is_symmetric(problem, kSymmetryTolerance)) {
    result.status = Status::unsupported;
  } else {
    const int max_pivots = pivot_limit(options, n);
    IncrementalPivoting pivoting(M, q, options.seed, max_pivots);
    const auto outcome = pivoting.run(observer_, options.record_history ? &result.merit_history : nullptr);
    result.iterations = pivoting.outer_iterations();
    result.z = pivoting.x().cwiseMax(0.0);
    result.residual = natural_residual(problem, result.z);
    switch (outcome) {
      case IncrementalPivoting::Outcome::solution:
        result.status = result.residual <= options.tolerance ? Status::converged : Status::numerical_failure;
        break;
      case IncrementalPivoting::Outcome::unbounded:
        result.status = Status::infeasible;
        break;
      case IncrementalPivoting::Outcome::singular:
        result.status = Status::numerical_failure;
        break;
      case IncrementalPivoting::Outcome::pivot_limit:
        result.status = Status::max_iterations;
        break;
    }
  }
  result.seconds = clock.seconds();
  return result;
}

std::unique_ptr<LcpSolver> make_dantzig_solver() { return std::make_unique<DantzigSolver>(); }

}  // namespace relcp::lcp
