#pragma once
// The serial back end of the projected-gradient solvers: Eigen vectors, and the operator of an
// LcpProblem applied in its native storage (dense or sparse). Models BoundConstrainedSpace (and so
// ProjectedGradientSpace).

#include <algorithm>
#include <cstddef>
#include <limits>
#include <span>

#include "lcp/problem.hpp"
#include "lcp/projection/mprgp.hpp"
#include "lcp/projection/projected_gradient_space.hpp"
#include "lcp/types.hpp"

namespace relcp::lcp {

class EigenVectorSpace {
 public:
  using vector_type = Vector;

  // Keeps a reference: `problem` must outlive the space.
  explicit EigenVectorSpace(const LcpProblem& problem) : problem_(problem), native_sparse_(problem.is_sparse()) {}

  Vector make_vector() const { return Vector::Zero(problem_.size()); }
  const Vector& q() const { return problem_.q(); }

  void apply(const Vector& x, Vector& out) const {
    if (native_sparse_) {
      out.noalias() = problem_.sparse() * x;
    } else {
      out.noalias() = problem_.dense() * x;
    }
  }

  void copy(const Vector& x, Vector& out) const { out = x; }
  void swap(Vector& a, Vector& b) const { a.swap(b); }
  void fill(double value, Vector& out) const { out.setConstant(value); }
  void scale(double a, Vector& out) const { out *= a; }
  void axpy(double a, const Vector& x, Vector& out) const { out += a * x; }
  void axpby(double a, const Vector& x, double b, Vector& out) const { out = a * x + b * out; }
  void combine(double a, const Vector& x, double b, const Vector& y, Vector& out) const { out = a * x + b * y; }

  double dot(const Vector& x, const Vector& y) const { return x.dot(y); }
  void dots(std::span<const DotPair<Vector>> pairs, std::span<double> results) const {
    for (std::size_t i = 0; i < pairs.size(); ++i) results[i] = pairs[i].left.dot(pairs[i].right);
  }
  double norm_inf(const Vector& x) const { return x.size() == 0 ? 0.0 : x.lpNorm<Eigen::Infinity>(); }
  double norm_2(const Vector& x) const { return x.norm(); }

  std::span<double> local_values(Vector& v) const { return {v.data(), static_cast<std::size_t>(v.size())}; }
  std::span<const double> local_values(const Vector& v) const { return {v.data(), static_cast<std::size_t>(v.size())}; }

  void project_nonnegative(Vector& out) const { out = out.cwiseMax(0.0); }
  void projected_step(const Vector& x, double a, const Vector& y, Vector& out) const {
    out = (x - a * y).cwiseMax(0.0);
  }
  void projected_gradient(const Vector& x, const Vector& g, Vector& out) const {
    out = (x.array() > 0.0).select(g, g.cwiseMin(0.0));
  }

  // The kernels of BoundConstrainedSpace (MPRGP).
  void free_gradient(const Vector& x, const Vector& g, Vector& out) const { out = (x.array() > 0.0).select(g, 0.0); }
  void chopped_gradient(const Vector& x, const Vector& g, Vector& out) const {
    out = (x.array() > 0.0).select(Vector::Zero(x.size()), g.cwiseMin(0.0));
  }
  void reduced_free_gradient(const Vector& x, const Vector& g, double a, Vector& out) const {
    out = (x.array() > 0.0).select((x / a).cwiseMin(g), 0.0);
  }
  double max_feasible_step(const Vector& x, const Vector& p) const {
    double step = std::numeric_limits<double>::infinity();
    for (Eigen::Index i = 0; i < x.size(); ++i) {
      if (p[i] > 0.0) step = std::min(step, x[i] / p[i]);
    }
    return step;
  }

 private:
  const LcpProblem& problem_;
  bool native_sparse_;
};

static_assert(BoundConstrainedSpace<EigenVectorSpace>);

}  // namespace relcp::lcp
