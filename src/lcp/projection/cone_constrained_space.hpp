#pragma once
// A projected-gradient space whose feasible set is a product of Coulomb friction cones and
// nonnegative rows (lcp/friction/friction_cone.hpp) instead of the orthant: the convex cone
// complementarity problem (CCP) of Anitescu and Tasora, min 1/2 z^T A z + q^T z over z in K.
//
// It wraps any ProjectedGradientSpace whose vectors expose this rank's entries through
// `local_values` (the serial Eigen space and the Tpetra space), so BBPGD and APGD run unchanged
// on cones, serial or distributed. Only the three projection kernels change; every cone lies in
// one rank's rows, so they stay local:
//   project_nonnegative(z)        z := P_K(z)
//   projected_step(x, a, y, out)  out := P_K(x - a y)
//   projected_gradient(z, g, out) out := z - P_K(z - g), the natural map of the CCP. On a
//                                 plain row it is min(z, g), the natural residual, so the
//                                 residual policies keep their meaning.

#include <cmath>
#include <span>
#include <utility>

#include "lcp/friction/friction_cone.hpp"
#include "lcp/projection/projected_gradient_space.hpp"

namespace relcp::lcp {

template <class S>
concept LocallyAddressableSpace = ProjectedGradientSpace<S> &&
    requires(const S& space, typename S::vector_type& v, const typename S::vector_type& c) {
  { space.local_values(v) } -> std::same_as<std::span<double>>;
  { space.local_values(c) } -> std::same_as<std::span<const double>>;
};

template <LocallyAddressableSpace Base>
class ConeConstrainedSpace {
 public:
  using vector_type = typename Base::vector_type;

  // Keeps a reference to `cones`, whose rows must be this rank's rows of the base's layout.
  ConeConstrainedSpace(Base base, const FrictionCones& cones) : base_(std::move(base)), cones_(cones) {}

  vector_type make_vector() const { return base_.make_vector(); }
  const vector_type& q() const { return base_.q(); }
  void apply(const vector_type& x, vector_type& out) const { base_.apply(x, out); }
  void copy(const vector_type& x, vector_type& out) const { base_.copy(x, out); }
  void swap(vector_type& a, vector_type& b) const { base_.swap(a, b); }
  void fill(double a, vector_type& out) const { base_.fill(a, out); }
  void scale(double a, vector_type& out) const { base_.scale(a, out); }
  void axpy(double a, const vector_type& x, vector_type& out) const { base_.axpy(a, x, out); }
  void axpby(double a, const vector_type& x, double b, vector_type& out) const { base_.axpby(a, x, b, out); }
  void combine(double a, const vector_type& x, double b, const vector_type& y, vector_type& out) const {
    base_.combine(a, x, b, y, out);
  }
  double dot(const vector_type& x, const vector_type& y) const { return base_.dot(x, y); }
  void dots(std::span<const DotPair<vector_type>> pairs, std::span<double> results) const {
    base_.dots(pairs, results);
  }
  void difference_dots(std::span<const DifferenceDotPair<vector_type>> pairs,
                       std::span<double> results) const requires DifferenceDotsSpace<Base> {
    base_.difference_dots(pairs, results);
  }
  double norm_inf(const vector_type& x) const { return base_.norm_inf(x); }
  double norm_2(const vector_type& x) const { return base_.norm_2(x); }
  std::span<double> local_values(vector_type& v) const { return base_.local_values(v); }
  std::span<const double> local_values(const vector_type& v) const { return base_.local_values(v); }

  // The two kernels below run in one pass over the rows each: two vector passes and the
  // projection's separately cost a quarter of a CCP iteration (docs/friction.md).
  void project_nonnegative(vector_type& out) const { cones_.project(base_.local_values(out)); }
  void projected_step(const vector_type& x, double a, const vector_type& y, vector_type& out) const {
    const double* xs = base_.local_values(x).data();
    const double* ys = base_.local_values(y).data();
    const std::span<double> outs = base_.local_values(out);
    cones_.project_mapped(
        outs.size(), [&](std::size_t r) { return xs[r] - a * ys[r]; },
        [&](std::size_t r, double projected) { outs[r] = projected; });
  }
  void projected_gradient(const vector_type& z, const vector_type& g, vector_type& out) const {
    const double* zs = base_.local_values(z).data();
    const double* gs = base_.local_values(g).data();
    const std::span<double> outs = base_.local_values(out);
    cones_.project_mapped(
        outs.size(), [&](std::size_t r) { return zs[r] - gs[r]; },
        [&](std::size_t r, double projected) { outs[r] = zs[r] - projected; });
  }

  // ||projected_gradient(z, g)||_inf without writing it: one pass over the rows, one reduction.
  double projected_gradient_norm_inf(const vector_type& z,
                                     const vector_type& g) const requires RankReducingSpace<Base> {
    const double* zs = base_.local_values(z).data();
    const double* gs = base_.local_values(g).data();
    const double local = cones_.max_mapped(
        base_.local_values(z).size(), [&](std::size_t r) { return zs[r] - gs[r]; },
        [&](std::size_t r, double projected) { return std::abs(zs[r] - projected); });
    return base_.max_over_ranks(local);
  }
  double max_over_ranks(double local) const requires RankReducingSpace<Base> { return base_.max_over_ranks(local); }

  const Base& base() const { return base_; }
  const FrictionCones& cones() const { return cones_; }

 private:
  Base base_;
  const FrictionCones& cones_;
};

}  // namespace relcp::lcp
