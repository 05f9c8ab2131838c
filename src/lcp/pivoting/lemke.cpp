#include "lcp/pivoting/lemke.hpp"

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <vector>

#include "core/stopwatch.hpp"
#include "lcp/residual.hpp"
#include "lcp/solver_factories.hpp"
#include "lcp/starting_point.hpp"

namespace relcp::lcp {
namespace {

// Entries of the entering column at or below this fraction of its largest magnitude are never
// used as pivots (they may be round-off of an exact zero).
constexpr double kPivotTolerance = 1e-11;
// In the ratio test, a value at or below this fraction of the largest magnitude in its column
// counts as an exact zero: degenerate rows (q_i = 0) carry round-off from earlier pivots, and
// the lexicographic rule must see them as the ties they are.
constexpr double kZeroTolerance = 1e-12;
// Ratios within this relative distance of the smallest one are ties.
constexpr double kTieTolerance = 1e-12;

// The tableau of Lemke's method for w - M z - e z0 = q, kept as B^-1 and B^-1 q. Variables are
// numbered w_i = i, z_i = n + i and z0 = 2n; basis_[r] is the variable basic in row r.
//
// Column i of B^-1 belongs to constraint i. While w_i is basic (in row r) that column is the
// unit vector e_r, so only the columns of constraints whose w_i is non-basic are stored, side
// by side in dense_columns_. With k of them, a pivot costs O(n k) instead of O(n^2).
class LexicographicLemke {
 public:
  enum class Outcome { solution, secondary_ray, pivot_limit };

  LexicographicLemke(const DenseMatrix& M, const Vector& q)
      : M_(M),
        q_(q),
        n_(q.size()),
        dense_columns_(n_, n_),
        basic_values_(q),
        column_(n_),
        update_row_(n_),
        gathered_(n_),
        ratios_(n_),
        basis_(static_cast<std::size_t>(n_)),
        row_of_(static_cast<std::size_t>(2 * n_ + 1), -1),
        slot_of_(static_cast<std::size_t>(n_), -1),
        constraint_in_slot_(static_cast<std::size_t>(n_), -1) {
    for (Index i = 0; i < n_; ++i) {
      basis_[at(i)] = i;
      row_of_[at(i)] = i;
    }
    candidates_.reserve(static_cast<std::size_t>(n_));
    ties_.reserve(static_cast<std::size_t>(n_));
  }

  // Requires min(q) < 0. Appends z0 after each pivot to z0_history when it is not null.
  Outcome run(int max_pivots, std::vector<double>* z0_history) {
    // First pivot: z0 enters at the most negative q_i. With covering vector e the lexicographic
    // choice among equal q_i is the largest index (its perturbation eps^i is the smallest).
    Index row = 0;
    for (Index i = 1; i < n_; ++i) {
      if (q_[i] <= q_[row]) row = i;
    }
    Index entering = artificial();
    column_.setConstant(-1.0);
    while (true) {
      const Index leaving = basis_[at(row)];
      pivot(row, entering);
      ++pivots_;
      const bool solved = leaving == artificial();
      if (z0_history) z0_history->push_back(solved ? 0.0 : basic_values_[row_of_[at(artificial())]]);
      if (solved) return Outcome::solution;
      if (pivots_ >= max_pivots) return Outcome::pivot_limit;
      entering = complement(leaving);
      load_column(entering);
      row = ratio_test();
      if (row < 0) return Outcome::secondary_ray;
    }
  }

  int pivots() const { return pivots_; }

  // z of the current basis: basic z_i from B^-1 q (round-off negatives cut to 0), others 0.
  Vector basic_solution() const { return solution_from(basic_values_); }

  // The same basis solved afresh with an LU factorization, free of the round-off accumulated
  // by the pivot updates. Returns an empty vector when the factorization breaks down.
  Vector refactored_solution() const {
    DenseMatrix basis_matrix = DenseMatrix::Zero(n_, n_);
    for (Index r = 0; r < n_; ++r) {
      const Index v = basis_[at(r)];
      if (v < n_) {
        basis_matrix(v, r) = 1.0;
      } else if (v < 2 * n_) {
        basis_matrix.col(r) = -M_.col(v - n_);
      } else {
        basis_matrix.col(r).setConstant(-1.0);
      }
    }
    const Vector values = Eigen::PartialPivLU<DenseMatrix>(basis_matrix).solve(q_);
    if (!values.allFinite()) return {};
    return solution_from(values);
  }

 private:
  static std::size_t at(Index i) { return static_cast<std::size_t>(i); }
  Index artificial() const { return 2 * n_; }
  Index complement(Index v) const { return v < n_ ? v + n_ : v - n_; }
  Index dense_count() const { return static_cast<Index>(dense_count_); }

  Vector solution_from(const Vector& values) const {
    Vector z = Vector::Zero(n_);
    for (Index r = 0; r < n_; ++r) {
      const Index v = basis_[at(r)];
      if (v >= n_ && v < 2 * n_) z[v - n_] = std::max(values[r], 0.0);
    }
    return z;
  }

  // column_ <- B^-1 times the entering variable's column of [I, -M, -e].
  void load_column(Index entering) {
    if (entering < n_) {
      column_ = dense_columns_.col(slot_of_[at(entering)]);  // w_entering is non-basic
      return;
    }
    const Index j = entering - n_;
    const Index k = dense_count();
    for (Index s = 0; s < k; ++s) gathered_[s] = M_(constraint_in_slot_[at(s)], j);
    column_.noalias() = -dense_columns_.leftCols(k) * gathered_.head(k);
    for (Index i = 0; i < n_; ++i) {
      if (slot_of_[at(i)] < 0) column_[row_of_[at(i)]] -= M_(i, j);  // unit column of basic w_i
    }
  }

  // Gauss-Jordan step on row r with the entering column in column_ (which it overwrites):
  // B^-1 <- B^-1 - (column_ - e_r) (row r of B^-1) / column_r.
  void pivot(Index r, Index entering) {
    const Index leaving = basis_[at(r)];
    const double pivot_value = column_[r];
    const Index k = dense_count();
    update_row_.head(k) = dense_columns_.row(r).head(k).transpose() / pivot_value;
    const double entering_value = basic_values_[r] / pivot_value;
    basic_values_.noalias() -= entering_value * column_;
    basic_values_[r] = entering_value;
    column_[r] -= 1.0;
    dense_columns_.leftCols(k).noalias() -= column_ * update_row_.head(k).transpose();

    if (leaving < n_) {  // constraint `leaving` loses its basic w: its column e_r turns dense
      dense_columns_.col(k) = column_ / -pivot_value;
      dense_columns_(r, k) += 1.0;
      slot_of_[at(leaving)] = k;
      constraint_in_slot_[at(k)] = leaving;
      ++dense_count_;
    }
    if (entering < n_) {  // w_entering becomes basic in row r: its column is exactly e_r
      const Index freed = slot_of_[at(entering)];
      const Index last = dense_count() - 1;
      if (freed != last) {
        dense_columns_.col(freed) = dense_columns_.col(last);
        constraint_in_slot_[at(freed)] = constraint_in_slot_[at(last)];
        slot_of_[at(constraint_in_slot_[at(freed)])] = freed;
      }
      slot_of_[at(entering)] = -1;
      --dense_count_;
    }
    basis_[at(r)] = entering;
    row_of_[at(leaving)] = -1;
    row_of_[at(entering)] = r;
  }

  // Lexicographic minimum-ratio test over rows with a positive entry in column_: the row that
  // minimises (B^-1 q, B^-1)_r / column_r lexicographically. A row holding z0 wins any tie in
  // the first component, which ends the method. Returns -1 when no row blocks (a ray).
  Index ratio_test() {
    const double column_scale = column_.cwiseAbs().maxCoeff();
    if (!(column_scale > 0.0)) return -1;
    const double pivot_floor = kPivotTolerance * column_scale;
    candidates_.clear();
    for (Index i = 0; i < n_; ++i) {
      if (column_[i] > pivot_floor) candidates_.push_back(i);
    }
    if (candidates_.empty()) return -1;

    keep_smallest_ratios(candidates_, kZeroTolerance * basic_values_.cwiseAbs().maxCoeff(),
                         [&](Index row) { return basic_values_[row]; });
    const Index artificial_row = row_of_[at(artificial())];
    if (std::find(ties_.begin(), ties_.end(), artificial_row) != ties_.end()) return artificial_row;
    for (Index i = 0; i < n_ && ties_.size() > 1; ++i) {
      candidates_.swap(ties_);
      const Index slot = slot_of_[at(i)];
      if (slot >= 0) {
        const auto values = dense_columns_.col(slot);
        keep_smallest_ratios(candidates_, kZeroTolerance * values.cwiseAbs().maxCoeff(),
                             [&](Index row) { return values[row]; });
      } else {
        const Index unit_row = row_of_[at(i)];
        keep_smallest_ratios(candidates_, 0.0, [&](Index row) { return row == unit_row ? 1.0 : 0.0; });
      }
    }
    return ties_.front();
  }

  // ties_ <- the rows i among `rows` whose ratio value_at(i) / column_i is (within round-off)
  // the smallest; values with magnitude <= zero_floor count as 0.
  template <typename ValueAt>
  void keep_smallest_ratios(const std::vector<Index>& rows, double zero_floor, ValueAt value_at) {
    double smallest = std::numeric_limits<double>::infinity();
    for (const Index i : rows) {
      const double raw = value_at(i);
      const double value = std::abs(raw) <= zero_floor ? 0.0 : raw;
      ratios_[i] = value / column_[i];
      smallest = std::min(smallest, ratios_[i]);
    }
    const double tie_limit = smallest + kTieTolerance * std::abs(smallest);
    ties_.clear();
    for (const Index i : rows) {
      if (ratios_[i] <= tie_limit) ties_.push_back(i);
    }
  }

  const DenseMatrix& M_;
  const Vector& q_;
  Index n_;
  DenseMatrix dense_columns_;  // the stored columns of B^-1, in its first dense_count_ columns
  Vector basic_values_;        // B^-1 q
  Vector column_;              // the entering column B^-1 a
  Vector update_row_;
  Vector gathered_;
  Vector ratios_;
  std::vector<Index> basis_;               // row -> basic variable
  std::vector<Index> row_of_;              // variable -> its row, -1 when non-basic
  std::vector<Index> slot_of_;             // constraint -> its column in dense_columns_, or -1
  std::vector<Index> constraint_in_slot_;  // the inverse of slot_of_
  std::vector<Index> candidates_;
  std::vector<Index> ties_;
  std::size_t dense_count_ = 0;
  int pivots_ = 0;
};

}  // namespace

SolverResult LemkeSolver::solve(const LcpProblem& problem, const SolverOptions& options) const {
  const Stopwatch clock;
  SolverResult result;
  const Index n = problem.size();
  const DenseMatrix& M = problem.dense();
  const Vector& q = problem.q();
  result.z = Vector::Zero(n);

  if (!M.allFinite() || !q.allFinite()) {
    result.status = Status::numerical_failure;
    result.residual = std::numeric_limits<double>::infinity();
    result.seconds = clock.seconds();
    return result;
  }
  if (n == 0 || q.minCoeff() >= 0.0) {
    result.status = Status::converged;
    result.residual = natural_residual(problem, result.z);
    result.seconds = clock.seconds();
    return result;
  }

  const int max_pivots = pivot_limit(options, n);
  LexicographicLemke lemke(M, q);
  const auto outcome = lemke.run(max_pivots, options.record_history ? &result.merit_history : nullptr);
  result.iterations = lemke.pivots();
  result.z = lemke.basic_solution();
  result.residual = natural_residual(problem, result.z);

  switch (outcome) {
    case LexicographicLemke::Outcome::solution:
      if (!(result.residual <= options.tolerance)) {
        Vector refined = lemke.refactored_solution();
        if (refined.size() == n) {
          const double refined_residual = natural_residual(problem, refined);
          if (refined_residual < result.residual) {
            result.z = std::move(refined);
            result.residual = refined_residual;
          }
        }
      }
      result.status = result.residual <= options.tolerance ? Status::converged : Status::numerical_failure;
      break;
    case LexicographicLemke::Outcome::secondary_ray:
      result.status = Status::infeasible;
      break;
    case LexicographicLemke::Outcome::pivot_limit:
      result.status = Status::max_iterations;
      break;
  }
  result.seconds = clock.seconds();
  return result;
}

std::unique_ptr<LcpSolver> make_lemke_solver() { return std::make_unique<LemkeSolver>(); }

}  // namespace relcp::lcp
