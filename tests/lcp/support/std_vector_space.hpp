#pragma once
// A second, deliberately plain back end for the generic projected-gradient algorithms:
// std::vector<double> and a dense row-major matrix, loops only. Tests run the same algorithm on
// it and on EigenVectorSpace to show that the algorithms depend on nothing but the concept.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <span>
#include <utility>
#include <vector>

#include "lcp/projection/mprgp.hpp"
#include "lcp/projection/projected_gradient_space.hpp"
#include "lcp/types.hpp"

namespace relcp::lcp::testing {

class StdVectorSpace {
 public:
  using vector_type = std::vector<double>;

  StdVectorSpace(const DenseMatrix& M, const Vector& q)
      : n_(static_cast<std::size_t>(q.size())), matrix_(n_ * n_), q_(q.begin(), q.end()) {
    for (std::size_t i = 0; i < n_; ++i) {
      for (std::size_t j = 0; j < n_; ++j) {
        matrix_[i * n_ + j] = M(static_cast<Index>(i), static_cast<Index>(j));
      }
    }
  }

  vector_type make_vector() const { return vector_type(n_, 0.0); }
  const vector_type& q() const { return q_; }

  void apply(const vector_type& x, vector_type& out) const {
    for (std::size_t i = 0; i < n_; ++i) {
      double sum = 0.0;
      for (std::size_t j = 0; j < n_; ++j) sum += matrix_[i * n_ + j] * x[j];
      out[i] = sum;
    }
  }

  void copy(const vector_type& x, vector_type& out) const { out = x; }
  void swap(vector_type& a, vector_type& b) const { a.swap(b); }
  void fill(double value, vector_type& out) const { std::fill(out.begin(), out.end(), value); }
  void scale(double a, vector_type& out) const {
    for (double& v : out) v *= a;
  }
  void axpy(double a, const vector_type& x, vector_type& out) const {
    for (std::size_t i = 0; i < n_; ++i) out[i] += a * x[i];
  }
  void axpby(double a, const vector_type& x, double b, vector_type& out) const {
    for (std::size_t i = 0; i < n_; ++i) out[i] = a * x[i] + b * out[i];
  }
  void combine(double a, const vector_type& x, double b, const vector_type& y, vector_type& out) const {
    for (std::size_t i = 0; i < n_; ++i) out[i] = a * x[i] + b * y[i];
  }

  double dot(const vector_type& x, const vector_type& y) const {
    double sum = 0.0;
    for (std::size_t i = 0; i < n_; ++i) sum += x[i] * y[i];
    return sum;
  }
  void dots(std::span<const DotPair<vector_type>> pairs, std::span<double> results) const {
    for (std::size_t k = 0; k < pairs.size(); ++k) results[k] = dot(pairs[k].left, pairs[k].right);
  }
  double norm_inf(const vector_type& x) const {
    double largest = 0.0;
    for (double v : x) largest = std::max(largest, std::abs(v));
    return largest;
  }
  double norm_2(const vector_type& x) const { return std::sqrt(dot(x, x)); }

  void project_nonnegative(vector_type& out) const {
    for (double& v : out) v = std::max(v, 0.0);
  }
  void projected_step(const vector_type& x, double a, const vector_type& y, vector_type& out) const {
    for (std::size_t i = 0; i < n_; ++i) out[i] = std::max(0.0, x[i] - a * y[i]);
  }
  void projected_gradient(const vector_type& x, const vector_type& g, vector_type& out) const {
    for (std::size_t i = 0; i < n_; ++i) out[i] = x[i] > 0.0 ? g[i] : std::min(g[i], 0.0);
  }

 private:
  std::size_t n_;
  std::vector<double> matrix_;
  vector_type q_;
};

static_assert(ProjectedGradientSpace<StdVectorSpace>);

// Wraps a back end and counts what the cost model cares about: operator applications and
// global reductions (dot, dots, norm_inf, norm_2, max_feasible_step).
template <ProjectedGradientSpace Inner>
class CountingSpace {
 public:
  using vector_type = typename Inner::vector_type;

  explicit CountingSpace(const Inner& inner) : inner_(inner) {}
  int applications() const { return applications_; }
  int reductions() const { return reductions_; }

  vector_type make_vector() const { return inner_.make_vector(); }
  const vector_type& q() const { return inner_.q(); }
  void apply(const vector_type& x, vector_type& out) const {
    ++applications_;
    inner_.apply(x, out);
  }
  void copy(const vector_type& x, vector_type& out) const { inner_.copy(x, out); }
  void swap(vector_type& a, vector_type& b) const { inner_.swap(a, b); }
  void fill(double v, vector_type& out) const { inner_.fill(v, out); }
  void scale(double a, vector_type& out) const { inner_.scale(a, out); }
  void axpy(double a, const vector_type& x, vector_type& out) const { inner_.axpy(a, x, out); }
  void axpby(double a, const vector_type& x, double b, vector_type& out) const { inner_.axpby(a, x, b, out); }
  void combine(double a, const vector_type& x, double b, const vector_type& y, vector_type& out) const {
    inner_.combine(a, x, b, y, out);
  }
  double dot(const vector_type& x, const vector_type& y) const {
    ++reductions_;
    return inner_.dot(x, y);
  }
  void dots(std::span<const DotPair<vector_type>> pairs, std::span<double> results) const {
    ++reductions_;
    inner_.dots(pairs, results);
  }
  double norm_inf(const vector_type& x) const {
    ++reductions_;
    return inner_.norm_inf(x);
  }
  double norm_2(const vector_type& x) const {
    ++reductions_;
    return inner_.norm_2(x);
  }
  void project_nonnegative(vector_type& out) const { inner_.project_nonnegative(out); }
  void projected_step(const vector_type& x, double a, const vector_type& y, vector_type& out) const {
    inner_.projected_step(x, a, y, out);
  }
  void projected_gradient(const vector_type& x, const vector_type& g, vector_type& out) const {
    inner_.projected_gradient(x, g, out);
  }
  // MPRGP's kernels (BoundConstrainedSpace), where the inner back end has them.
  void free_gradient(const vector_type& x, const vector_type& g,
                     vector_type& out) const requires BoundConstrainedSpace<Inner> {
    inner_.free_gradient(x, g, out);
  }
  void chopped_gradient(const vector_type& x, const vector_type& g,
                        vector_type& out) const requires BoundConstrainedSpace<Inner> {
    inner_.chopped_gradient(x, g, out);
  }
  void reduced_free_gradient(const vector_type& x, const vector_type& g, double a,
                             vector_type& out) const requires BoundConstrainedSpace<Inner> {
    inner_.reduced_free_gradient(x, g, a, out);
  }
  double max_feasible_step(const vector_type& x, const vector_type& p) const requires BoundConstrainedSpace<Inner> {
    ++reductions_;
    return inner_.max_feasible_step(x, p);
  }

 private:
  const Inner& inner_;
  mutable int applications_ = 0;
  mutable int reductions_ = 0;
};

}  // namespace relcp::lcp::testing
