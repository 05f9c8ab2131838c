// The CUDA side of the contact back end (docs/gpu.md): device memory, the vector kernels and
// reductions of device_kernels.hpp, and DeviceContactOperator. Compiled with -fmad=false
// (src/collision/CMakeLists.txt) so that the element-wise results and the operator's sums round
// as the CPU's do.

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "collision/device/device_contact_operator.hpp"
#include "collision/device/device_kernels.hpp"
#include "collision/device/cuda_host_buffers.cuh"
#include "collision/device/device_memory.hpp"
#include "core/error.hpp"
#include "lcp/friction/cone_projection.hpp"

namespace relcp::collision::device {
namespace {

constexpr int kThreads = 256;
// Grid-stride loops and the reductions use at most this many blocks.
constexpr int kMaxBlocks = 1024;

int blocks_for(std::size_t n) {
  const std::size_t blocks = (n + kThreads - 1) / kThreads;
  return static_cast<int>(std::min<std::size_t>(std::max<std::size_t>(blocks, 1), kMaxBlocks));
}

// std::max / std::min exactly (the first argument when the comparison fails): NaN propagates
// where it does on the CPU.
__device__ inline double std_max(double a, double b) { return (a < b) ? b : a; }
__device__ inline double std_min(double a, double b) { return (b < a) ? b : a; }

#define RELCP_GRID_STRIDE(i, n)                                                                  \
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < (n); \
       i += static_cast<std::size_t>(blockDim.x) * gridDim.x)

__global__ void fill_kernel(std::size_t n, double value, double* out) { RELCP_GRID_STRIDE(i, n) out[i] = value; }
__global__ void scale_kernel(std::size_t n, double a, double* out) { RELCP_GRID_STRIDE(i, n) out[i] *= a; }
__global__ void axpy_kernel(std::size_t n, double a, const double* x, double* out) {
  RELCP_GRID_STRIDE(i, n) out[i] += a * x[i];
}
__global__ void axpby_kernel(std::size_t n, double a, const double* x, double b, double* out) {
  RELCP_GRID_STRIDE(i, n) out[i] = a * x[i] + b * out[i];
}
__global__ void combine_kernel(std::size_t n, double a, const double* x, double b, const double* y, double* out) {
  RELCP_GRID_STRIDE(i, n) out[i] = a * x[i] + b * y[i];
}
__global__ void project_nonnegative_kernel(std::size_t n, const unsigned char* in_cone, double* out) {
  RELCP_GRID_STRIDE(i, n) {
    if (in_cone == nullptr || in_cone[i] == 0) out[i] = std_max(out[i], 0.0);
  }
}
__global__ void project_cones_kernel(std::size_t count, const int* normal_rows, const double* mu, double* out) {
  RELCP_GRID_STRIDE(k, count) {
    double* row = out + normal_rows[k];
    lcp::project_onto_friction_cone(mu[k], row[0], row[1], row[2]);
  }
}
__global__ void projected_step_kernel(std::size_t n, const double* x, double a, const double* y, double* out) {
  RELCP_GRID_STRIDE(i, n) out[i] = std_max(0.0, x[i] - a * y[i]);
}
__global__ void minimum_map_kernel(std::size_t n, const double* z, const double* w, double* out) {
  RELCP_GRID_STRIDE(i, n) out[i] = std_min(z[i], w[i]);
}
__global__ void projected_gradient_kernel(std::size_t n, const double* z, const double* g, double* out) {
  RELCP_GRID_STRIDE(i, n) out[i] = z[i] > 0.0 ? g[i] : std_min(g[i], 0.0);
}

// Block sums of x .* y into partial[blockIdx.x] (a fixed tree: the same rounding every run).
__global__ void dot_partials_kernel(std::size_t n, const double* x, const double* y, double* partial) {
  __shared__ double cache[kThreads];
  double sum = 0.0;
  RELCP_GRID_STRIDE(i, n) sum += x[i] * y[i];
  cache[threadIdx.x] = sum;
  __syncthreads();
  for (int stride = kThreads / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) cache[threadIdx.x] += cache[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = cache[0];
}

// result[k] = the sum of partial[k * stride, k * stride + count): one block per k.
__global__ void sum_segments_kernel(const double* partial, int count, int stride, double* result) {
  __shared__ double cache[kThreads];
  const double* segment = partial + static_cast<std::size_t>(blockIdx.x) * stride;
  double sum = 0.0;
  for (int i = threadIdx.x; i < count; i += kThreads) sum += segment[i];
  cache[threadIdx.x] = sum;
  __syncthreads();
  for (int s = kThreads / 2; s > 0; s /= 2) {
    if (threadIdx.x < s) cache[threadIdx.x] += cache[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) result[blockIdx.x] = cache[0];
}

// Block maxima of |x| into partial[blockIdx.x], and a NaN flag (the maximum drops NaN).
__global__ void max_abs_partials_kernel(std::size_t n, const double* x, double* partial, int* nan_flag) {
  __shared__ double cache[kThreads];
  double local = 0.0;
  bool saw_nan = false;
  RELCP_GRID_STRIDE(i, n) {
    const double a = fabs(x[i]);
    saw_nan = saw_nan || isnan(a);
    local = fmax(local, a);
  }
  if (saw_nan) *nan_flag = 1;
  cache[threadIdx.x] = local;
  __syncthreads();
  for (int stride = kThreads / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) cache[threadIdx.x] = fmax(cache[threadIdx.x], cache[threadIdx.x + stride]);
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = cache[0];
}

// result[0] = the maximum of partial[0, count); result[1] = the NaN flag, which is cleared for
// the next reduction.
__global__ void max_segment_kernel(const double* partial, int count, int* nan_flag, double* result) {
  __shared__ double cache[kThreads];
  double local = 0.0;
  for (int i = threadIdx.x; i < count; i += kThreads) local = fmax(local, partial[i]);
  cache[threadIdx.x] = local;
  __syncthreads();
  for (int s = kThreads / 2; s > 0; s /= 2) {
    if (threadIdx.x < s) cache[threadIdx.x] = fmax(cache[threadIdx.x], cache[threadIdx.x + s]);
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    result[0] = cache[0];
    result[1] = *nan_flag != 0 ? 1.0 : 0.0;
    *nan_flag = 0;
  }
}

// Scratch of the reductions, grown as needed and kept for the process (one per host thread).
struct ReductionScratch {
  DeviceArray<double> partial;
  DeviceArray<double> results;
  DeviceArray<int> flag;
  double* partials(std::size_t count) {
    if (partial.size() < count) partial = DeviceArray<double>(count);
    return partial.data();
  }
  double* result_slots(std::size_t count) {
    if (results.size() < count) results = DeviceArray<double>(count);
    return results.data();
  }
  int* nan_flag() {  // zero between reductions
    if (flag.size() == 0) {
      flag = DeviceArray<int>(1);
      zero(flag.data(), sizeof(int));
    }
    return flag.data();
  }
};

ReductionScratch& scratch() {
  thread_local ReductionScratch instance;
  return instance;
}

void launched(const char* kernel) { check(cudaGetLastError(), kernel); }

}  // namespace

void* allocate(std::size_t bytes) {
  void* pointer = nullptr;
  check(cudaMalloc(&pointer, bytes), "cudaMalloc");
  return pointer;
}
void release(void* pointer) noexcept {
  if (pointer != nullptr) cudaFree(pointer);
}
void copy_to_device(void* destination, const void* source, std::size_t bytes) {
  if (bytes > 0) check(cudaMemcpy(destination, source, bytes, cudaMemcpyHostToDevice), "copy to the device");
}
void copy_to_host(void* destination, const void* source, std::size_t bytes) {
  if (bytes > 0) check(cudaMemcpy(destination, source, bytes, cudaMemcpyDeviceToHost), "copy to the host");
}
void copy_on_device(void* destination, const void* source, std::size_t bytes) {
  if (bytes > 0) check(cudaMemcpy(destination, source, bytes, cudaMemcpyDeviceToDevice), "copy on the device");
}
void zero(void* destination, std::size_t bytes) {
  if (bytes > 0) check(cudaMemset(destination, 0, bytes), "cudaMemset");
}

void fill(std::size_t n, double value, double* out) {
  if (n == 0) return;
  fill_kernel<<<blocks_for(n), kThreads>>>(n, value, out);
  launched("fill");
}
void scale(std::size_t n, double a, double* out) {
  if (n == 0) return;
  scale_kernel<<<blocks_for(n), kThreads>>>(n, a, out);
  launched("scale");
}
void axpy(std::size_t n, double a, const double* x, double* out) {
  if (n == 0) return;
  axpy_kernel<<<blocks_for(n), kThreads>>>(n, a, x, out);
  launched("axpy");
}
void axpby(std::size_t n, double a, const double* x, double b, double* out) {
  if (n == 0) return;
  axpby_kernel<<<blocks_for(n), kThreads>>>(n, a, x, b, out);
  launched("axpby");
}
void combine(std::size_t n, double a, const double* x, double b, const double* y, double* out) {
  if (n == 0) return;
  combine_kernel<<<blocks_for(n), kThreads>>>(n, a, x, b, y, out);
  launched("combine");
}
void project_nonnegative(std::size_t n, const unsigned char* in_cone, double* out) {
  if (n == 0) return;
  project_nonnegative_kernel<<<blocks_for(n), kThreads>>>(n, in_cone, out);
  launched("project_nonnegative");
}
void project_cones(std::size_t cone_count, const int* normal_rows, const double* mu, double* out) {
  if (cone_count == 0) return;
  project_cones_kernel<<<blocks_for(cone_count), kThreads>>>(cone_count, normal_rows, mu, out);
  launched("project_cones");
}
void projected_step(std::size_t n, const double* x, double a, const double* y, double* out) {
  if (n == 0) return;
  projected_step_kernel<<<blocks_for(n), kThreads>>>(n, x, a, y, out);
  launched("projected_step");
}
void minimum_map(std::size_t n, const double* z, const double* w, double* out) {
  if (n == 0) return;
  minimum_map_kernel<<<blocks_for(n), kThreads>>>(n, z, w, out);
  launched("minimum_map");
}
void projected_gradient(std::size_t n, const double* z, const double* g, double* out) {
  if (n == 0) return;
  projected_gradient_kernel<<<blocks_for(n), kThreads>>>(n, z, g, out);
  launched("projected_gradient");
}

void local_dots(std::size_t count, const double* const* left, const double* const* right, std::size_t n,
                double* results) {
  if (count == 0) return;
  if (n == 0) {
    std::fill(results, results + count, 0.0);
    return;
  }
  const int blocks = blocks_for(n);
  double* partial = scratch().partials(count * static_cast<std::size_t>(blocks));
  for (std::size_t k = 0; k < count; ++k) {
    dot_partials_kernel<<<blocks, kThreads>>>(n, left[k], right[k], partial + k * blocks);
    launched("dot_partials");
  }
  double* sums = scratch().result_slots(count);
  sum_segments_kernel<<<static_cast<unsigned>(count), kThreads>>>(partial, blocks, blocks, sums);
  launched("sum_segments");
  copy_to_host(results, sums, count * sizeof(double));
}

double local_max_abs(std::size_t n, const double* x, bool& has_nan) {
  has_nan = false;
  if (n == 0) return 0.0;
  const int blocks = blocks_for(n);
  double* partial = scratch().partials(static_cast<std::size_t>(blocks));
  int* flag = scratch().nan_flag();
  max_abs_partials_kernel<<<blocks, kThreads>>>(n, x, partial, flag);
  launched("max_abs_partials");
  double* result = scratch().result_slots(2);
  max_segment_kernel<<<1, kThreads>>>(partial, blocks, flag, result);
  launched("max_segment");
  double host[2] = {0.0, 0.0};  // one download: the maximum and the flag
  copy_to_host(host, result, sizeof(host));
  has_nan = host[1] != 0.0;
  return host[0];
}

// ---------------------------------------------------------------------------------------------
// The contact operator.

namespace {

// forces[6 c + k] += one generation's terms for its column bodies c, in the CPU gather's order
// (contact_kernels.cpp): forces start at zero and the generations follow one another.
__global__ void gather_generation_kernel(std::size_t bodies, const int* incidence_begin, const int* incidence_row,
                                         const int* incidence_entry, const double* values, const double* gamma,
                                         double* forces) {
  RELCP_GRID_STRIDE(c, bodies) {
    double f[6];
    for (int k = 0; k < 6; ++k) f[k] = forces[6 * c + k];
    for (int i = incidence_begin[c]; i < incidence_begin[c + 1]; ++i) {
      const double g = gamma[incidence_row[i]];
      const double* v = values + incidence_entry[i];
      for (int k = 0; k < 6; ++k) f[k] += g * v[k];
    }
    for (int k = 0; k < 6; ++k) forces[6 * c + k] = f[k];
  }
}

__global__ void diagonal_mobility_kernel(std::size_t dofs, const double* m, const double* forces, double* velocities) {
  RELCP_GRID_STRIDE(i, dofs) velocities[i] = m[i] * forces[i];
}

__global__ void block_mobility_kernel(std::size_t bodies, const double* m, const double* forces, double* velocities) {
  RELCP_GRID_STRIDE(b, bodies) {
    const double* block = m + 36 * b;
    const double* f = forces + 6 * b;
    for (int i = 0; i < 6; ++i) {
      double sum = 0.0;
      for (int j = 0; j < 6; ++j) sum += block[6 * i + j] * f[j];
      velocities[6 * b + i] = sum;
    }
  }
}

__global__ void row_rates_kernel(std::size_t rows, const std::size_t* row_offsets, const int* columns,
                                 const double* values, const double* velocities, double scale, double* out) {
  RELCP_GRID_STRIDE(r, rows) {
    double sum = 0.0;
    for (std::size_t e = row_offsets[r]; e < row_offsets[r + 1]; ++e) sum += values[e] * velocities[columns[e]];
    out[r] = scale * sum;
  }
}

// A device array that grows by doubling and keeps its contents: `used` entries are valid.
template <class T>
struct GrowingArray {
  DeviceArray<T> storage;
  std::size_t used = 0;
  void clear() { used = 0; }
  void append(const T* host, std::size_t count) {
    if (used + count > storage.size()) {
      DeviceArray<T> larger(std::max(2 * storage.size(), used + count));
      copy_on_device(larger.data(), storage.data(), used * sizeof(T));
      storage = std::move(larger);
    }
    copy_to_device(storage.data() + used, host, count * sizeof(T));
    used += count;
  }
};

// One generation's incidences; its entries live in the operator's concatenated arrays.
struct DeviceGeneration {
  const double* host_values = nullptr;  // identifies the host generation it copies
  std::size_t rows = 0, entry_offset = 0, column_bodies = 0;
  DeviceArray<int> incidence_begin, incidence_row, incidence_entry;
};

}  // namespace

struct DeviceContactOperator::Impl {
  std::uint64_t epoch = 0;
  const double* host_mobility = nullptr;
  double scale = 0.0;
  bool diagonal_mobility = true;
  std::size_t rows = 0, owned_bodies = 0, column_bodies = 0;
  std::vector<DeviceGeneration> generations;
  // J by rows, every generation: global row offsets, column DOFs and values.
  GrowingArray<std::size_t> row_offsets;
  GrowingArray<int> columns;
  GrowingArray<double> values;
  DeviceArray<double> mobility;
  mutable DeviceArray<double> forces, velocities;  // column DOFs
  HostHalo* halo = nullptr;

  bool holds_prefix_of(const LocalContactRows& update) const {
    if (epoch != update.epoch || host_mobility != update.mobility || scale != update.scale ||
        owned_bodies != update.owned_bodies || generations.size() > update.generations.size()) {
      return false;
    }
    for (std::size_t g = 0; g < generations.size(); ++g) {
      if (generations[g].host_values != update.generations[g].values ||
          generations[g].rows != update.generations[g].rows) {
        return false;
      }
    }
    return true;
  }

  void upload(const GenerationRows& block) {
    DeviceGeneration generation;
    generation.host_values = block.values;
    generation.rows = block.rows;
    generation.entry_offset = values.used;
    generation.column_bodies = block.column_bodies;
    // Global row offsets: the generation's own, moved past the entries already held (its first
    // offset is the previous generation's last, already there).
    if (block.rows > 0) {
      std::vector<std::size_t> offsets(block.row_offsets + (row_offsets.used == 0 ? 0 : 1),
                                       block.row_offsets + block.rows + 1);
      for (std::size_t& offset : offsets) offset += values.used;
      row_offsets.append(offsets.data(), offsets.size());
    }
    columns.append(block.columns, block.entries);
    values.append(block.values, block.entries);
    const std::size_t incidences = static_cast<std::size_t>(block.incidence_begin[block.column_bodies]);
    generation.incidence_begin = DeviceArray<int>(block.incidence_begin, block.column_bodies + 1);
    generation.incidence_row = DeviceArray<int>(block.incidence_row, incidences);
    generation.incidence_entry = DeviceArray<int>(block.incidence_entry, incidences);
    generations.push_back(std::move(generation));
  }
};

DeviceContactOperator::DeviceContactOperator() : impl_(new Impl) {}

DeviceContactOperator::~DeviceContactOperator() = default;

std::size_t DeviceContactOperator::update(const LocalContactRows& rows, HostHalo* halo) {
  Impl& d = *impl_;
  if (!d.holds_prefix_of(rows)) {
    d.generations.clear();
    d.row_offsets.clear();
    d.columns.clear();
    d.values.clear();
    d.epoch = rows.epoch;
    d.host_mobility = rows.mobility;
    d.scale = rows.scale;
    d.diagonal_mobility = rows.diagonal_mobility;
    d.owned_bodies = rows.owned_bodies;
    d.mobility = DeviceArray<double>(rows.mobility, rows.mobility_values);
  }
  const std::size_t held = d.generations.size();
  for (std::size_t g = held; g < rows.generations.size(); ++g) d.upload(rows.generations[g]);
  if (d.row_offsets.used == 0) {
    const std::size_t zero = 0;
    d.row_offsets.append(&zero, 1);
  }
  d.rows = rows.rows;
  if (d.column_bodies != rows.column_bodies || d.forces.size() != 6 * rows.column_bodies) {
    d.column_bodies = rows.column_bodies;
    d.forces = DeviceArray<double>(6 * rows.column_bodies);
    d.velocities = DeviceArray<double>(6 * rows.column_bodies);
  }
  d.halo = halo != nullptr && halo->needed() ? halo : nullptr;
  if (d.halo != nullptr && d.halo->column_dofs() != 6 * rows.column_bodies) {
    throw std::logic_error("DeviceContactOperator: the halo's column DOFs differ from the rows'");
  }
  if (d.row_offsets.used != d.rows + 1) {
    throw std::logic_error("DeviceContactOperator: the generations do not cover the constraint layout");
  }
  return rows.generations.size() - held;
}

std::size_t DeviceContactOperator::rows() const { return impl_->rows; }

void DeviceContactOperator::apply(const double* gamma, double* out) const {
  const Impl& d = *impl_;
  const std::size_t owned_dofs = 6 * d.owned_bodies;
  const std::size_t column_dofs = 6 * d.column_bodies;
  zero(d.forces.data(), column_dofs * sizeof(double));
  std::size_t first_row = 0;
  for (const DeviceGeneration& generation : d.generations) {
    if (generation.column_bodies > 0) {
      gather_generation_kernel<<<blocks_for(generation.column_bodies), kThreads>>>(
          generation.column_bodies, generation.incidence_begin.data(), generation.incidence_row.data(),
          generation.incidence_entry.data(), d.values.storage.data() + generation.entry_offset, gamma + first_row,
          d.forces.data());
      launched("gather_generation");
    }
    first_row += generation.rows;
  }
  if (d.halo != nullptr) {
    copy_to_host(d.halo->column_forces(), d.forces.data(), column_dofs * sizeof(double));
    d.halo->add_ghost_forces();
    copy_to_device(d.forces.data(), d.halo->column_forces(), owned_dofs * sizeof(double));
  }
  if (d.owned_bodies > 0) {
    if (d.diagonal_mobility) {
      diagonal_mobility_kernel<<<blocks_for(owned_dofs), kThreads>>>(owned_dofs, d.mobility.data(), d.forces.data(),
                                                                     d.velocities.data());
    } else {
      block_mobility_kernel<<<blocks_for(d.owned_bodies), kThreads>>>(d.owned_bodies, d.mobility.data(),
                                                                      d.forces.data(), d.velocities.data());
    }
    launched("mobility");
  }
  if (d.halo != nullptr) {
    copy_to_host(d.halo->column_velocities(), d.velocities.data(), owned_dofs * sizeof(double));
    d.halo->fill_ghost_velocities();
    copy_to_device(d.velocities.data() + owned_dofs, d.halo->column_velocities() + owned_dofs,
                   (column_dofs - owned_dofs) * sizeof(double));
  }
  if (d.rows > 0) {
    row_rates_kernel<<<blocks_for(d.rows), kThreads>>>(d.rows, d.row_offsets.storage.data(), d.columns.storage.data(),
                                                       d.values.storage.data(), d.velocities.data(), d.scale, out);
    launched("row_rates");
  }
}

int visible_device_count(const char** reason) {
  int count = 0;
  const cudaError_t error = cudaGetDeviceCount(&count);
  if (error != cudaSuccess) {
    cudaGetLastError();  // clear the sticky error
    *reason = cudaGetErrorString(error);
    return 0;
  }
  *reason = count == 0 ? "no device" : "";
  return count;
}

void use_device(int device) { check(cudaSetDevice(device), "cudaSetDevice"); }

const char* current_device_name() {
  thread_local std::string name;
  int device = 0;
  check(cudaGetDevice(&device), "cudaGetDevice");
  cudaDeviceProp properties{};
  check(cudaGetDeviceProperties(&properties, device), "cudaGetDeviceProperties");
  char memory[32];
  std::snprintf(memory, sizeof(memory), " (%.0f GiB)", static_cast<double>(properties.totalGlobalMem) / (1u << 30));
  name = std::string(properties.name) + memory;
  return name.c_str();
}

}  // namespace relcp::collision::device
