#pragma once
// The local kernels of the CUDA contact space (cuda_contact_space.hpp): element-wise vector
// operations, projections and reductions over one rank's entries, all on device pointers and on
// the default stream. The element-wise rules are the CPU space's (distributed_vector_ops.cpp)
// to the letter, NaN handling included. C++17, no CUDA header.

#include <cstddef>

namespace relcp::collision::device {

void fill(std::size_t n, double value, double* out);
void scale(std::size_t n, double a, double* out);
void axpy(std::size_t n, double a, const double* x, double* out);             // out += a x
void axpby(std::size_t n, double a, const double* x, double b, double* out);  // out = a x + b out
void combine(std::size_t n, double a, const double* x, double b, const double* y, double* out);

// out_i = max(out_i, 0) on every row i with in_cone[i] == 0 (in_cone null: every row).
void project_nonnegative(std::size_t n, const unsigned char* in_cone, double* out);
// The three rows from normal_rows[k] onto the cone of mu[k], for k < cone_count.
void project_cones(std::size_t cone_count, const int* normal_rows, const double* mu, double* out);
void projected_step(std::size_t n, const double* x, double a, const double* y, double* out);  // max(0, x - a y)
// out_i = min(z_i, w_i), the natural residual's terms.
void minimum_map(std::size_t n, const double* z, const double* w, double* out);
// out_i = g_i if z_i > 0, else min(g_i, 0).
void projected_gradient(std::size_t n, const double* z, const double* g, double* out);

// results[k] = sum_i left[k][i] right[k][i] for k < count (host arrays of device pointers,
// results on the host). One download for all of them.
void local_dots(std::size_t count, const double* const* left, const double* const* right, std::size_t n,
                double* results);
// max_i |x_i|, and whether some x_i is NaN.
double local_max_abs(std::size_t n, const double* x, bool& has_nan);

}  // namespace relcp::collision::device
