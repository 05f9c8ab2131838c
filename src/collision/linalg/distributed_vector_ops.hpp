#pragma once
// Linear algebra on DistributedVectors. Every operation is a pass over the local entries
// (OpenMP-threaded above a few thousand entries) except the reductions dot, dots, norm_inf,
// norm_2 and max_feasible_step, each of which is exactly one MPI_Allreduce. Local sums are taken over fixed chunks in
// a fixed order, so results do not depend on the number of threads. Operands must have the same
// local size (std::invalid_argument otherwise); every operation is elementwise, so `out` may be
// one of the inputs.

#include <cstddef>

#include "collision/linalg/distributed_vector.hpp"

namespace relcp::collision {

void copy(const DistributedVector& x, DistributedVector& out);                       // out = x
void fill(double value, DistributedVector& out);                                     // out_i = value
void scale(double a, DistributedVector& out);                                        // out = a out
void axpy(double a, const DistributedVector& x, DistributedVector& out);             // out += a x
void axpby(double a, const DistributedVector& x, double b, DistributedVector& out);  // a x + b out
void combine(double a, const DistributedVector& x, double b, const DistributedVector& y,
             DistributedVector& out);  // out = a x + b y
void multiply(const DistributedVector& x, const DistributedVector& y,
              DistributedVector& out);  // out_i = x_i y_i
void divide(const DistributedVector& x, const DistributedVector& y,
            DistributedVector& out);  // out_i = x_i / y_i

double dot(const DistributedVector& x, const DistributedVector& y);
// results[k] = <left[k], right[k]> for k < count, with one reduction for all of them.
void dots(const DistributedVector* const* left, const DistributedVector* const* right, std::size_t count,
          double* results);
// results[k] = <left[k] - left_minus[k], right[k] - right_minus[k]> for k < count, one
// reduction for all; a null minus subtracts nothing. The differences are rounded as combine(1,
// a, -1, b) rounds them and summed in dots' order, so the results equal dots' of the
// materialized differences.
void difference_dots(const DistributedVector* const* left, const DistributedVector* const* left_minus,
                     const DistributedVector* const* right, const DistributedVector* const* right_minus,
                     std::size_t count, double* results);
double norm_inf(const DistributedVector& x);
// ||projected_gradient(z, g)||_inf in one pass, without writing the projected gradient.
double projected_gradient_norm_inf(const DistributedVector& z, const DistributedVector& g);
// The largest of every rank's `local`; NaN when some rank's is NaN.
double max_over_ranks(double local, MPI_Comm comm);
double norm_2(const DistributedVector& x);

void project_nonnegative(DistributedVector& out);  // out = max(out, 0)
// out = max(0, x - a y)
void projected_step(const DistributedVector& x, double a, const DistributedVector& y, DistributedVector& out);
// out_i = g_i where z_i > 0, min(g_i, 0) where z_i <= 0 (Dai-Fletcher's projected gradient)
void projected_gradient(const DistributedVector& z, const DistributedVector& g, DistributedVector& out);
// out = min(z, w): the minimum map, zero exactly at solutions of the LCP.
void minimum_map(const DistributedVector& z, const DistributedVector& w, DistributedVector& out);
// MPRGP's gradients (lcp/projection/mprgp.hpp): the free gradient out_i = g_i where z_i > 0, else 0; the
// chopped gradient out_i = min(g_i, 0) where z_i <= 0, else 0; the reduced free gradient
// out_i = min(z_i / a, g_i) where z_i > 0, else 0.
void free_gradient(const DistributedVector& z, const DistributedVector& g, DistributedVector& out);
void chopped_gradient(const DistributedVector& z, const DistributedVector& g, DistributedVector& out);
void reduced_free_gradient(const DistributedVector& z, const DistributedVector& g, double a, DistributedVector& out);
// Reduction (MPI_MIN): min over p_i > 0 of z_i / p_i, +infinity when no p_i > 0; for z >= 0 the
// longest step t with z - t p >= 0.
double max_feasible_step(const DistributedVector& z, const DistributedVector& p);

// A vector on `layout` whose first previous.local_size() local entries are `previous`'s and the
// rest zero: the warm start iota(gamma) of an appended constraint set (rows of earlier
// generations keep their local positions). Local: no communication.
DistributedVector extend_with_zeros(const DistributedVector& previous, const VectorLayout& layout);

}  // namespace relcp::collision
