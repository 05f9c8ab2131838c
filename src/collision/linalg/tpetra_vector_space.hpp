#pragma once
// The distributed back end of the projected-gradient solvers: a model of
// lcp::BoundConstrainedSpace (lcp/projection/mprgp.hpp, which refines lcp/projection/projected_gradient_space.hpp) over
// Tpetra-backed DistributedVectors and a DistributedLinearOperator, so that the one generic BBPGD / APGD / MPRGP of
// lcp/projection/projected_gradient.hpp and lcp/projection/mprgp.hpp runs unchanged on distributed problems. Local
// operations touch only this rank's entries; dot, dots, norm_inf and norm_2 are one MPI_Allreduce each (dots fuses all
// its inner products into one). C++20 (the concept); it includes no Trilinos header.

#include <cstddef>
#include <span>
#include <vector>

#include "collision/linalg/distributed_linear_operator.hpp"
#include "collision/linalg/distributed_vector.hpp"
#include "collision/linalg/distributed_vector_ops.hpp"
#include "lcp/projection/mprgp.hpp"
#include "lcp/projection/projected_gradient_space.hpp"

namespace relcp::collision {

class TpetraVectorSpace {
 public:
  using vector_type = DistributedVector;

  // The LCP 0 <= A z + q  _|_  z >= 0. Keeps references: both must outlive the space.
  TpetraVectorSpace(const DistributedLinearOperator& A, const DistributedVector& q)
      : A_(A), q_(q), layout_(q.layout()) {}

  DistributedVector make_vector() const { return DistributedVector(layout_); }
  const DistributedVector& q() const { return q_; }
  void apply(const DistributedVector& x, DistributedVector& out) const { A_.apply(x, out); }

  void copy(const DistributedVector& x, DistributedVector& out) const { collision::copy(x, out); }
  void swap(DistributedVector& a, DistributedVector& b) const { a.swap(b); }
  void fill(double a, DistributedVector& out) const { collision::fill(a, out); }
  void scale(double a, DistributedVector& out) const { collision::scale(a, out); }
  void axpy(double a, const DistributedVector& x, DistributedVector& out) const { collision::axpy(a, x, out); }
  void axpby(double a, const DistributedVector& x, double b, DistributedVector& out) const {
    collision::axpby(a, x, b, out);
  }
  void combine(double a, const DistributedVector& x, double b, const DistributedVector& y,
               DistributedVector& out) const {
    collision::combine(a, x, b, y, out);
  }

  double dot(const DistributedVector& x, const DistributedVector& y) const { return collision::dot(x, y); }
  void dots(std::span<const lcp::DotPair<DistributedVector>> pairs, std::span<double> results) const {
    std::vector<const DistributedVector*> left, right;
    left.reserve(pairs.size());
    right.reserve(pairs.size());
    for (const auto& pair : pairs) {
      left.push_back(&pair.left);
      right.push_back(&pair.right);
    }
    collision::dots(left.data(), right.data(), pairs.size(), results.data());
  }
  void difference_dots(std::span<const lcp::DifferenceDotPair<DistributedVector>> pairs,
                       std::span<double> results) const {
    std::vector<const DistributedVector*> left, left_minus, right, right_minus;
    for (const auto& pair : pairs) {
      left.push_back(&pair.left);
      left_minus.push_back(pair.left_minus);
      right.push_back(&pair.right);
      right_minus.push_back(pair.right_minus);
    }
    collision::difference_dots(left.data(), left_minus.data(), right.data(), right_minus.data(), pairs.size(),
                               results.data());
  }
  double norm_inf(const DistributedVector& x) const { return collision::norm_inf(x); }
  double max_over_ranks(double local) const { return collision::max_over_ranks(local, layout_.comm()); }
  double projected_gradient_norm_inf(const DistributedVector& z, const DistributedVector& g) const {
    return collision::projected_gradient_norm_inf(z, g);
  }
  double norm_2(const DistributedVector& x) const { return collision::norm_2(x); }

  std::span<double> local_values(DistributedVector& v) const { return {v.local_data(), v.local_size()}; }
  std::span<const double> local_values(const DistributedVector& v) const { return {v.local_data(), v.local_size()}; }

  void project_nonnegative(DistributedVector& out) const { collision::project_nonnegative(out); }
  void projected_step(const DistributedVector& x, double a, const DistributedVector& y, DistributedVector& out) const {
    collision::projected_step(x, a, y, out);
  }
  void projected_gradient(const DistributedVector& z, const DistributedVector& g, DistributedVector& out) const {
    collision::projected_gradient(z, g, out);
  }

  // The kernels of lcp::BoundConstrainedSpace (MPRGP).
  void free_gradient(const DistributedVector& z, const DistributedVector& g, DistributedVector& out) const {
    collision::free_gradient(z, g, out);
  }
  void chopped_gradient(const DistributedVector& z, const DistributedVector& g, DistributedVector& out) const {
    collision::chopped_gradient(z, g, out);
  }
  void reduced_free_gradient(const DistributedVector& z, const DistributedVector& g, double a,
                             DistributedVector& out) const {
    collision::reduced_free_gradient(z, g, a, out);
  }
  double max_feasible_step(const DistributedVector& z, const DistributedVector& p) const {
    return collision::max_feasible_step(z, p);
  }

 private:
  const DistributedLinearOperator& A_;
  const DistributedVector& q_;
  VectorLayout layout_;
};

static_assert(lcp::BoundConstrainedSpace<TpetraVectorSpace>);

}  // namespace relcp::collision
