#include "dcs/batched/dlcp_principal_pivoting.hpp"

#include <Eigen/LU>
#include <vector>

namespace relcp::dcs {
namespace {

// The complementary basic solution of the set `basic` (y_S = -M_SS^-1 q_S).
class BasicSolution {
 public:
  BasicSolution(const DenseMatrix& M, const Vector& q) : M_(M), q_(q), y_(q.size()), w_(q.size()) {}

  // False when M_SS is numerically singular.
  bool evaluate(const std::vector<char>& basic) {
    indices_.clear();
    for (Eigen::Index i = 0; i < q_.size(); ++i) {
      if (basic[static_cast<std::size_t>(i)]) indices_.push_back(i);
    }
    y_.setZero();
    if (!indices_.empty()) {
      const Eigen::PartialPivLU<DenseMatrix> lu(M_(indices_, indices_));
      if (!(lu.rcond() > 1e-14)) return false;
      const Vector y_set = lu.solve(-q_(indices_));
      if (!y_set.allFinite()) return false;
      y_(indices_) = y_set;
    }
    w_.noalias() = M_ * y_ + q_;
    return true;
  }

  // Violated complementary conditions: y_i < 0 for basic i, w_i < 0 for the others.
  bool violated(const std::vector<char>& basic, Eigen::Index i, double tolerance) const {
    return basic[static_cast<std::size_t>(i)] ? y_[i] < -tolerance : w_[i] < -tolerance;
  }

  const Vector& y() const { return y_; }

 private:
  const DenseMatrix& M_;
  const Vector& q_;
  Vector y_;
  Vector w_;
  std::vector<Eigen::Index> indices_;
};

}  // namespace

LcpOutcome solve_by_principal_pivoting(const DenseMatrix& M, const Vector& q, double tolerance, Vector& y) {
  const Eigen::Index n = q.size();
  if (!q.allFinite() || !M.allFinite()) return {lcp::Status::numerical_failure, 0};
  std::vector<char> basic(static_cast<std::size_t>(n), 0);
  if (y.size() == n) {
    for (Eigen::Index i = 0; i < n; ++i) basic[static_cast<std::size_t>(i)] = y[i] > 0.0;
  }
  BasicSolution solution(M, q);
  const int block_passes = 5 + static_cast<int>(n / 2);
  const int pivot_cap = 100 + 20 * static_cast<int>(n);

  auto finish = [&](lcp::Status status, int iterations) {
    y = solution.y().cwiseMax(0.0);
    return LcpOutcome{status, iterations};
  };

  int iterations = 0;
  for (; iterations < block_passes; ++iterations) {
    if (!solution.evaluate(basic)) break;  // Murty's phase restarts from the empty set
    bool any = false;
    std::vector<char> next = basic;
    for (Eigen::Index i = 0; i < n; ++i) {
      if (solution.violated(basic, i, tolerance)) {
        next[static_cast<std::size_t>(i)] = !basic[static_cast<std::size_t>(i)];
        any = true;
      }
    }
    if (!any) return finish(lcp::Status::converged, iterations);
    basic = std::move(next);
  }

  if (!solution.evaluate(basic)) {
    basic.assign(static_cast<std::size_t>(n), 0);
    solution.evaluate(basic);
  }
  for (int pivots = 0; pivots < pivot_cap; ++pivots, ++iterations) {
    Eigen::Index least = -1;
    for (Eigen::Index i = 0; i < n && least < 0; ++i) {
      if (solution.violated(basic, i, tolerance)) least = i;
    }
    if (least < 0) return finish(lcp::Status::converged, iterations);
    basic[static_cast<std::size_t>(least)] = !basic[static_cast<std::size_t>(least)];
    if (!solution.evaluate(basic)) return finish(lcp::Status::numerical_failure, iterations + 1);
  }
  return finish(lcp::Status::max_iterations, iterations);
}

}  // namespace relcp::dcs
