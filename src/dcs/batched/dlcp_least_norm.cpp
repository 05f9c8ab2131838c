#include "dcs/batched/dlcp_least_norm.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/SVD>
#include <algorithm>
#include <vector>

#include "lcp/pivoting/lemke.hpp"
#include "lcp/problem.hpp"

namespace relcp::dcs {
namespace {

double natural_residual(const DenseMatrix& M, const Vector& q, const Vector& y) {
  return y.cwiseMin(M * y + q).lpNorm<Eigen::Infinity>();
}

lcp::SolverOptions lemke_options(double tolerance) {
  lcp::SolverOptions options;
  options.tolerance = tolerance;
  options.record_history = false;
  return options;
}

// The affine set {v : C v = d} as v0 + range(P), P the projector onto null(C): with the SVD
// C = W S V^T of numerical rank k, v0 = V_k S_k^-1 W_k^T d (least squares when inconsistent).
struct AffineSet {
  Vector base;
  DenseMatrix projector;
};

AffineSet affine_set(const DenseMatrix& C, const Vector& d, Eigen::Index n) {
  AffineSet set{Vector::Zero(n), DenseMatrix::Identity(n, n)};
  if (C.rows() == 0) return set;
  const Eigen::JacobiSVD<DenseMatrix> svd(C, Eigen::ComputeFullU | Eigen::ComputeFullV);
  const Vector& sigma = svd.singularValues();
  const double floor = 1e-12 * std::max(1.0, sigma.size() > 0 ? sigma[0] : 0.0);
  for (Eigen::Index k = 0; k < sigma.size() && sigma[k] > floor; ++k) {
    const Vector direction = svd.matrixV().col(k);
    set.base += direction * (svd.matrixU().col(k).dot(d) / sigma[k]);
    set.projector -= direction * direction.transpose();
  }
  return set;
}

}  // namespace

LeastNormLcp::LeastNormLcp(DenseMatrix M) : M_(std::move(M)) {
  const DenseMatrix symmetric = M_ + M_.transpose();
  const Eigen::SelfAdjointEigenSolver<DenseMatrix> eigen(symmetric);
  const double largest = symmetric.rows() > 0 ? eigen.eigenvalues().cwiseAbs().maxCoeff() : 0.0;
  std::vector<Eigen::Index> kept;
  for (Eigen::Index i = 0; i < symmetric.rows(); ++i) {
    if (std::abs(eigen.eigenvalues()[i]) > 1e-12 * std::max(1.0, largest)) kept.push_back(i);
  }
  range_basis_ = eigen.eigenvectors()(Eigen::all, kept);
}

LcpOutcome LeastNormLcp::solve(const Vector& q, double tolerance, Vector& y) const {
  return solve_with_equality(q, DenseMatrix(0, q.size()), Vector(0), tolerance, y);
}

LcpOutcome LeastNormLcp::solve_with_equality(const Vector& q, const DenseMatrix& E, const Vector& e, double tolerance,
                                             Vector& y) const {
  const Eigen::Index n = q.size();
  const Eigen::Index r = range_basis_.cols();
  const lcp::LemkeSolver lemke;
  int pivots = 0;

  // Equalities C v = d: U^T v = U^T vbar (from any solution vbar) and E v = e.
  DenseMatrix C(r + E.rows(), n);
  Vector d(r + E.rows());
  double complementarity = 0.0;  // q^T vbar
  if (r > 0) {
    const lcp::SolverResult any = lemke.solve(lcp::LcpProblem(M_, q), lemke_options(tolerance));
    pivots += any.iterations;
    if (any.status != lcp::Status::converged) return {any.status, pivots};
    C.topRows(r) = range_basis_.transpose();
    d.head(r) = range_basis_.transpose() * any.z;
    complementarity = q.dot(any.z);
  }
  C.bottomRows(E.rows()) = E;
  d.tail(E.rows()) = e;
  const AffineSet set = affine_set(C, d, n);

  // Inequalities G v >= h: v >= 0; M v + q >= 0; q^T v <= q^T vbar. With v = v0 + P w, the
  // projection of 0 is v = v0 + P G^T lambda, lambda solving LCP(G v0 - h, G P G^T). The solution
  // set may be a single point, which round-off in vbar would make empty: every row is relaxed by
  // 1% of the tolerance.
  const Eigen::Index rows = 2 * n + 1;
  DenseMatrix G(rows, n);
  Vector h(rows);
  G.topRows(n).setIdentity();
  h.head(n).setZero();
  G.middleRows(n, n) = M_;
  h.segment(n, n) = -q;
  G.row(rows - 1) = -q.transpose();
  h[rows - 1] = -complementarity;
  h.array() -= 0.01 * tolerance * std::max(1.0, q.lpNorm<Eigen::Infinity>());

  const DenseMatrix projected = set.projector * G.transpose();
  const lcp::SolverResult projection =
      lemke.solve(lcp::LcpProblem(DenseMatrix(G * projected), Vector(G * set.base - h)), lemke_options(tolerance));
  pivots += projection.iterations;
  if (projection.status != lcp::Status::converged) return {projection.status, pivots};
  y = (set.base + projected * projection.z).cwiseMax(0.0);
  const bool solved = natural_residual(M_, q, y) <= tolerance * std::max(1.0, y.lpNorm<Eigen::Infinity>());
  return {solved ? lcp::Status::converged : lcp::Status::numerical_failure, pivots};
}

}  // namespace relcp::dcs
