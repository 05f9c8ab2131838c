#include "dcs/batched/dlcp_least_element.hpp"

#include <algorithm>
#include <vector>

namespace relcp::dcs {

LcpOutcome solve_least_element(const DenseMatrix& M, const Vector& q, double tolerance, Vector& y) {
  const Eigen::Index n = q.size();
  y = Vector::Zero(n);
  if (!q.allFinite() || !M.allFinite()) return {lcp::Status::numerical_failure, 0};
  const double pivot_floor = 1e-13 * std::max(1.0, M.cwiseAbs().maxCoeff());

  Vector w = q;
  std::vector<Eigen::Index> joined;
  joined.reserve(static_cast<std::size_t>(n));
  std::vector<char> in_set(static_cast<std::size_t>(n), 0);
  DenseMatrix inverse(n, n);  // top-left k x k block holds M_SS^-1
  Vector column(n), row(n), q_set(n), y_set(n);

  for (Eigen::Index k = 0;; ++k) {
    Eigen::Index entering = -1;
    double most_negative = -tolerance;
    for (Eigen::Index i = 0; i < n; ++i) {
      if (!in_set[static_cast<std::size_t>(i)] && w[i] < most_negative) {
        most_negative = w[i];
        entering = i;
      }
    }
    if (entering < 0) {
      for (Eigen::Index i : joined) {  // indices in S satisfy w_i = 0 up to round-off
        if (w[i] < -tolerance) return {lcp::Status::numerical_failure, static_cast<int>(k)};
      }
      return {lcp::Status::converged, static_cast<int>(k)};
    }

    // Border M_SS^-1 with the entering index r: Schur complement s = M_rr - M_rS M_SS^-1 M_Sr.
    for (Eigen::Index a = 0; a < k; ++a) {
      column[a] = M(joined[static_cast<std::size_t>(a)], entering);
      row[a] = M(entering, joined[static_cast<std::size_t>(a)]);
    }
    const auto block = inverse.topLeftCorner(k, k);
    const Vector inverse_column = block * column.head(k);
    const Eigen::RowVectorXd row_inverse = row.head(k).transpose() * block;
    const double schur = M(entering, entering) - row.head(k).dot(inverse_column);
    if (!(schur > pivot_floor)) return {lcp::Status::infeasible, static_cast<int>(k + 1)};
    inverse.topLeftCorner(k, k).noalias() += inverse_column * row_inverse / schur;
    inverse.block(0, k, k, 1) = -inverse_column / schur;
    inverse.block(k, 0, 1, k) = -row_inverse / schur;
    inverse(k, k) = 1.0 / schur;
    joined.push_back(entering);
    in_set[static_cast<std::size_t>(entering)] = 1;

    const Eigen::Index size = k + 1;
    for (Eigen::Index a = 0; a < size; ++a) q_set[a] = q[joined[static_cast<std::size_t>(a)]];
    y_set.head(size).noalias() = -inverse.topLeftCorner(size, size) * q_set.head(size);
    w = q;
    for (Eigen::Index a = 0; a < size; ++a) {
      const Eigen::Index i = joined[static_cast<std::size_t>(a)];
      y[i] = std::max(0.0, y_set[a]);
      w.noalias() += M.col(i) * y[i];
    }
  }
}

}  // namespace relcp::dcs
