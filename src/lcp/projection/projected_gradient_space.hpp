#pragma once
// The vector back end of the projected-gradient solvers (projected_gradient.hpp).
//
// The algorithms are written once against this concept and run unchanged on any back end that
// models it: serial Eigen vectors (eigen_vector_space.hpp) or distributed vectors with a
// matrix-free operator A = D^T M D. A back end owns the problem's layout, the operator A and the
// vector q of the LCP 0 <= A z + q  _|_  z >= 0.
//
// Cost model. Every operation is local (one pass over the locally owned entries, no
// communication) except the four reductions `dot`, `dots`, `norm_inf` and `norm_2`, each of which
// is one global reduction (one MPI_Allreduce in a distributed back end). `dots` evaluates several
// inner products with a single reduction; the algorithms use it to batch the inner products of
// one iteration. `apply` may communicate (halo exchange) as an operator application does.
//
// Aliasing: `out` never aliases an input argument unless the operation is in place by definition
// (scale, axpy, axpby, project_nonnegative).

#include <array>
#include <concepts>
#include <cstddef>
#include <span>

namespace relcp::lcp {

// One inner product <left, right> requested from ProjectedGradientSpace::dots.
template <class V>
struct DotPair {
  const V& left;
  const V& right;
};

template <class S>
concept ProjectedGradientSpace = std::movable<typename S::vector_type> &&
    requires(const S& space, typename S::vector_type& out, typename S::vector_type& other,
             const typename S::vector_type& x, const typename S::vector_type& y, double a, double b,
             std::span<const DotPair<typename S::vector_type>> pairs, std::span<double> results) {
  // A new vector with the problem's layout, all entries zero.
  { space.make_vector() } -> std::same_as<typename S::vector_type>;
  // The constant vector q of the LCP.
  { space.q() } -> std::same_as<const typename S::vector_type&>;
  // out = A x.
  space.apply(x, out);
  // Local linear algebra.
  space.copy(x, out);              // out = x
  space.swap(out, other);          // exchange contents, no copy
  space.fill(a, out);              // out_i = a
  space.scale(a, out);             // out = a out
  space.axpy(a, x, out);           // out = a x + out
  space.axpby(a, x, b, out);       // out = a x + b out
  space.combine(a, x, b, y, out);  // out = a x + b y
  // Global reductions.
  { space.dot(x, y) } -> std::convertible_to<double>;
  space.dots(pairs, results);  // results[i] = <pairs[i].left, pairs[i].right>, one reduction
  { space.norm_inf(x) } -> std::convertible_to<double>;
  { space.norm_2(x) } -> std::convertible_to<double>;
  // Projection onto the feasible set z >= 0 and the projected-gradient kernels (local).
  space.project_nonnegative(out);       // out = max(out, 0)
  space.projected_step(x, a, y, out);   // out = max(0, x - a y)
  space.projected_gradient(x, y, out);  // out_i = y_i if x_i > 0, min(y_i, 0) if x_i <= 0
};

// Inner products of several pairs in one reduction: fused_dots(space, {{a, b}, {c, d}}).
template <ProjectedGradientSpace Space, std::size_t N>
auto fused_dots(const Space& space, const DotPair<typename Space::vector_type> (&pairs)[N]) {
  std::array<double, N> results{};
  space.dots(std::span<const DotPair<typename Space::vector_type>>(pairs, N), results);
  return results;
}

// One inner product <left - left_minus, right - right_minus> of differences, requested from the
// optional kernel `difference_dots`; a null `*_minus` subtracts nothing. A back end that has the
// kernel spares the solver writing the differences to vectors and reading them back: APGD's
// backtracking test needs six such products per iteration.
template <class V>
struct DifferenceDotPair {
  const V& left;
  const V* left_minus;
  const V& right;
  const V* right_minus;
};

// A space with `difference_dots(pairs, results)`: results[i] = <pairs[i]'s two differences>, in
// one reduction, rounded as `combine(1, a, -1, b, d)` then `dots` would round them.
template <class S>
concept DifferenceDotsSpace = ProjectedGradientSpace<S> &&
    requires(const S& space, std::span<const DifferenceDotPair<typename S::vector_type>> pairs,
             std::span<double> results) {
  space.difference_dots(pairs, results);
};

// A space that reduces a local value over the ranks its vectors are spread over: the largest
// of every rank's, NaN when any is NaN (the serial spaces have one rank and need not say so).
template <class S>
concept RankReducingSpace = requires(const S& space, double local) {
  { space.max_over_ranks(local) } -> std::convertible_to<double>;
};

// A space with `projected_gradient_norm_inf(z, g)`: ||projected_gradient(z, g)||_inf in one pass,
// without writing the projected gradient (the merit of every iteration; docs/friction.md).
template <class S>
concept NaturalMapNormSpace = ProjectedGradientSpace<S> &&
    requires(const S& space, const typename S::vector_type& z, const typename S::vector_type& g) {
  { space.projected_gradient_norm_inf(z, g) } -> std::convertible_to<double>;
};

template <DifferenceDotsSpace Space, std::size_t N>
auto fused_difference_dots(const Space& space, const DifferenceDotPair<typename Space::vector_type> (&pairs)[N]) {
  std::array<double, N> results{};
  space.difference_dots(std::span<const DifferenceDotPair<typename Space::vector_type>>(pairs, N), results);
  return results;
}

// g = A x + q: one operator application, no reduction.
template <ProjectedGradientSpace Space>
void compute_gradient(const Space& space, const typename Space::vector_type& x, typename Space::vector_type& g) {
  space.apply(x, g);
  space.axpy(1.0, space.q(), g);
}

}  // namespace relcp::lcp
