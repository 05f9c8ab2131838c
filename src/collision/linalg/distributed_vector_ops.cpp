#include "collision/linalg/distributed_vector_ops.hpp"

#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

namespace relcp::collision {
namespace {

// Below this many local entries a loop runs on one thread (a parallel region costs more).
constexpr std::size_t kParallelThreshold = 4096;
// Local sums are accumulated per chunk of this many entries, then the chunk sums in order:
// the same rounding for every thread count.
constexpr std::size_t kChunk = 1024;

void require_same_size(const DistributedVector& x, const DistributedVector& y) {
  if (x.local_size() != y.local_size()) {
    throw std::invalid_argument("distributed vectors of different local sizes");
  }
}

template <class Body>
void for_each_entry(std::size_t n, Body body) {
  const auto count = static_cast<std::ptrdiff_t>(n);
#pragma omp parallel for schedule(static) if (n > kParallelThreshold)
  for (std::ptrdiff_t i = 0; i < count; ++i) body(static_cast<std::size_t>(i));
}

MPI_Comm comm_of(const DistributedVector& x) { return x.layout().comm(); }

// out_i = op(x_i, y_i).
template <class Op>
void transform_pair(const DistributedVector& x, const DistributedVector& y, DistributedVector& out, Op op) {
  require_same_size(x, out);
  require_same_size(y, out);
  const double* px = x.local_data();
  const double* py = y.local_data();
  double* o = out.local_data();
  for_each_entry(out.local_size(), [=](std::size_t i) { o[i] = op(px[i], py[i]); });
}

}  // namespace

void copy(const DistributedVector& x, DistributedVector& out) {
  require_same_size(x, out);
  std::copy_n(x.local_data(), x.local_size(), out.local_data());
}

void fill(double value, DistributedVector& out) {
  double* o = out.local_data();
  for_each_entry(out.local_size(), [=](std::size_t i) { o[i] = value; });
}

void scale(double a, DistributedVector& out) {
  double* o = out.local_data();
  for_each_entry(out.local_size(), [=](std::size_t i) { o[i] *= a; });
}

void axpy(double a, const DistributedVector& x, DistributedVector& out) {
  require_same_size(x, out);
  const double* px = x.local_data();
  double* o = out.local_data();
  for_each_entry(out.local_size(), [=](std::size_t i) { o[i] += a * px[i]; });
}

void axpby(double a, const DistributedVector& x, double b, DistributedVector& out) {
  require_same_size(x, out);
  const double* px = x.local_data();
  double* o = out.local_data();
  for_each_entry(out.local_size(), [=](std::size_t i) { o[i] = a * px[i] + b * o[i]; });
}

void combine(double a, const DistributedVector& x, double b, const DistributedVector& y, DistributedVector& out) {
  transform_pair(x, y, out, [a, b](double xi, double yi) { return a * xi + b * yi; });
}

void multiply(const DistributedVector& x, const DistributedVector& y, DistributedVector& out) {
  transform_pair(x, y, out, [](double xi, double yi) { return xi * yi; });
}

void divide(const DistributedVector& x, const DistributedVector& y, DistributedVector& out) {
  transform_pair(x, y, out, [](double xi, double yi) { return xi / yi; });
}

namespace {

// sum over [begin, end) of (a_i - b_i) (c_i - d_i), b or d absent where null.
double difference_product_sum(const double* a, const double* b, const double* c, const double* d, std::size_t begin,
                              std::size_t end) {
  double sum = 0.0;
  if (b && d) {
    for (std::size_t i = begin; i < end; ++i) sum += (a[i] - b[i]) * (c[i] - d[i]);
  } else if (b) {
    for (std::size_t i = begin; i < end; ++i) sum += (a[i] - b[i]) * c[i];
  } else if (d) {
    for (std::size_t i = begin; i < end; ++i) sum += a[i] * (c[i] - d[i]);
  } else {
    for (std::size_t i = begin; i < end; ++i) sum += a[i] * c[i];
  }
  return sum;
}

const double* data_or_null(const DistributedVector* x) { return x ? x->local_data() : nullptr; }

}  // namespace

void difference_dots(const DistributedVector* const* left, const DistributedVector* const* left_minus,
                     const DistributedVector* const* right, const DistributedVector* const* right_minus,
                     std::size_t count, double* results) {
  if (count == 0) return;
  const std::size_t n = left[0]->local_size();
  for (std::size_t k = 0; k < count; ++k) {
    for (const DistributedVector* x : {left[k], left_minus[k], right[k], right_minus[k]}) {
      if (x) require_same_size(*x, *left[0]);
    }
  }
  const std::size_t chunks = (n + kChunk - 1) / kChunk;
  std::vector<double> partial(chunks * count, 0.0);
  const auto chunk_count = static_cast<std::ptrdiff_t>(chunks);
#pragma omp parallel for schedule(static) if (n > kParallelThreshold)
  for (std::ptrdiff_t c = 0; c < chunk_count; ++c) {
    const std::size_t begin = static_cast<std::size_t>(c) * kChunk;
    const std::size_t end = std::min(n, begin + kChunk);
    for (std::size_t k = 0; k < count; ++k) {
      partial[static_cast<std::size_t>(c) * count + k] =
          difference_product_sum(left[k]->local_data(), data_or_null(left_minus[k]), right[k]->local_data(),
                                 data_or_null(right_minus[k]), begin, end);
    }
  }
  std::vector<double> local(count, 0.0);
  for (std::size_t c = 0; c < chunks; ++c) {
    for (std::size_t k = 0; k < count; ++k) local[k] += partial[c * count + k];
  }
  MPI_Allreduce(local.data(), results, static_cast<int>(count), MPI_DOUBLE, MPI_SUM, comm_of(*left[0]));
}

void dots(const DistributedVector* const* left, const DistributedVector* const* right, std::size_t count,
          double* results) {
  const std::vector<const DistributedVector*> nothing(count, nullptr);
  difference_dots(left, nothing.data(), right, nothing.data(), count, results);
}

double dot(const DistributedVector& x, const DistributedVector& y) {
  const DistributedVector* left = &x;
  const DistributedVector* right = &y;
  double result = 0.0;
  dots(&left, &right, 1, &result);
  return result;
}

namespace {

// max over the ranks of max_i |value(i)| over this rank's n entries; NaN when some value is NaN
// (std::max and MPI_MAX would both drop it).
template <class Value>
double largest_magnitude(std::size_t n, MPI_Comm comm, Value value) {
  const auto count = static_cast<std::ptrdiff_t>(n);
  double local = 0.0;
  bool nan = false;
#pragma omp parallel for schedule(static) reduction(max : local) reduction(|| : nan) if (n > kParallelThreshold)
  for (std::ptrdiff_t i = 0; i < count; ++i) {
    const double a = std::abs(value(static_cast<std::size_t>(i)));
    nan = nan || std::isnan(a);
    local = std::max(local, a);
  }
  return max_over_ranks(nan ? std::numeric_limits<double>::quiet_NaN() : local, comm);
}

}  // namespace

double max_over_ranks(double local, MPI_Comm comm) {
  // The NaN flag travels in the same reduction.
  const bool nan = std::isnan(local);
  const double mine[2] = {nan ? 0.0 : local, nan ? 1.0 : 0.0};
  double global[2] = {0.0, 0.0};
  MPI_Allreduce(mine, global, 2, MPI_DOUBLE, MPI_MAX, comm);
  return global[1] != 0.0 ? std::numeric_limits<double>::quiet_NaN() : global[0];
}

double norm_inf(const DistributedVector& x) {
  const double* px = x.local_data();
  return largest_magnitude(x.local_size(), comm_of(x), [=](std::size_t i) { return px[i]; });
}

double projected_gradient_norm_inf(const DistributedVector& z, const DistributedVector& g) {
  require_same_size(z, g);
  const double* pz = z.local_data();
  const double* pg = g.local_data();
  return largest_magnitude(z.local_size(), comm_of(z),
                           [=](std::size_t i) { return pz[i] > 0.0 ? pg[i] : std::min(pg[i], 0.0); });
}

double norm_2(const DistributedVector& x) { return std::sqrt(dot(x, x)); }

void project_nonnegative(DistributedVector& out) {
  double* o = out.local_data();
  for_each_entry(out.local_size(), [=](std::size_t i) { o[i] = std::max(o[i], 0.0); });
}

void projected_step(const DistributedVector& x, double a, const DistributedVector& y, DistributedVector& out) {
  transform_pair(x, y, out, [a](double xi, double yi) { return std::max(0.0, xi - a * yi); });
}

void projected_gradient(const DistributedVector& z, const DistributedVector& g, DistributedVector& out) {
  transform_pair(z, g, out, [](double zi, double gi) { return zi > 0.0 ? gi : std::min(gi, 0.0); });
}

void minimum_map(const DistributedVector& z, const DistributedVector& w, DistributedVector& out) {
  transform_pair(z, w, out, [](double zi, double wi) { return std::min(zi, wi); });
}

void free_gradient(const DistributedVector& z, const DistributedVector& g, DistributedVector& out) {
  transform_pair(z, g, out, [](double zi, double gi) { return zi > 0.0 ? gi : 0.0; });
}

void chopped_gradient(const DistributedVector& z, const DistributedVector& g, DistributedVector& out) {
  transform_pair(z, g, out, [](double zi, double gi) { return zi > 0.0 ? 0.0 : std::min(gi, 0.0); });
}

void reduced_free_gradient(const DistributedVector& z, const DistributedVector& g, double a, DistributedVector& out) {
  transform_pair(z, g, out, [a](double zi, double gi) { return zi > 0.0 ? std::min(zi / a, gi) : 0.0; });
}

double max_feasible_step(const DistributedVector& z, const DistributedVector& p) {
  require_same_size(z, p);
  const double* pz = z.local_data();
  const double* pp = p.local_data();
  const auto n = static_cast<std::ptrdiff_t>(z.local_size());
  double local = std::numeric_limits<double>::infinity();
#pragma omp parallel for schedule(static) reduction(min : local) if (z.local_size() > kParallelThreshold)
  for (std::ptrdiff_t i = 0; i < n; ++i) {
    if (pp[i] > 0.0) local = std::min(local, pz[i] / pp[i]);
  }
  double global = local;
  MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_MIN, comm_of(z));
  return global;
}

DistributedVector extend_with_zeros(const DistributedVector& previous, const VectorLayout& layout) {
  if (previous.local_size() > layout.local_size()) {
    throw std::invalid_argument("extend_with_zeros: the new layout has fewer local entries");
  }
  DistributedVector extended(layout);
  std::copy_n(previous.local_data(), previous.local_size(), extended.local_data());
  return extended;
}

}  // namespace relcp::collision
