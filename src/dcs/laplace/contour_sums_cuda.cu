#include <cuda_runtime.h>

#include <cstdint>
#include <utility>

#include "core/stopwatch.hpp"
#include "dcs/device/device_buffer_cuda.hpp"
#include "dcs/device/device_query_cuda.hpp"
#include "dcs/device/grid_stride_cuda.hpp"
#include "dcs/laplace/contour_kernels.hpp"
#include "dcs/laplace/contour_sums_cuda.hpp"
#include "dcs/laplace/contour_sums_device_cuda.hpp"

namespace relcp::dcs {
namespace {

// Item idx = e * r + c: consecutive threads take consecutive components of one entry, so the
// reads of sources[c + l r] coalesce.
__global__ void convolve_kernel(std::int64_t entries, int nodes, std::int64_t r, const double* decay,
                                const double* span, const double* left, const double* right, const double* sources,
                                double* convolved) {
  const std::int64_t items = entries * r;
  for (std::int64_t idx = blockIdx.x * static_cast<std::int64_t>(blockDim.x) + threadIdx.x; idx < items;
       idx += static_cast<std::int64_t>(gridDim.x) * blockDim.x) {
    const std::int64_t e = idx / r;
    const std::int64_t c = idx - e * r;
    const int j = static_cast<int>(e / nodes) + 1;
    kernels::store_complex(convolved, idx, kernels::convolve_source(j, e, decay, span, left, right, sources, r, c));
  }
}

__global__ void dense_sum_kernel(int steps, int nodes, std::int64_t m, std::int64_t r, const double* resolvents,
                                 const double* convolved, double* forced) {
  const std::int64_t items = static_cast<std::int64_t>(steps) * m;
  for (std::int64_t idx = blockIdx.x * static_cast<std::int64_t>(blockDim.x) + threadIdx.x; idx < items;
       idx += static_cast<std::int64_t>(gridDim.x) * blockDim.x) {
    const int j = static_cast<int>(idx / m) + 1;
    const std::int64_t i = idx - (j - 1) * m;
    forced[i + j * m] = kernels::dense_resolvent_sum(j, i, nodes, m, r, resolvents, convolved);
  }
}

__global__ void diagonal_sum_kernel(int steps, int nodes, std::int64_t modes, std::int64_t r, const double* shifts,
                                    const double* weights, const double* eigenvalues, const std::int64_t* sources,
                                    const double* profiles, const double* convolved, double* spectral) {
  const std::int64_t items = static_cast<std::int64_t>(steps) * modes;
  for (std::int64_t idx = blockIdx.x * static_cast<std::int64_t>(blockDim.x) + threadIdx.x; idx < items;
       idx += static_cast<std::int64_t>(gridDim.x) * blockDim.x) {
    const int j = static_cast<int>(idx / modes) + 1;
    const std::int64_t k = idx - (j - 1) * modes;
    spectral[k + j * modes] = kernels::diagonal_resolvent_sum(j, nodes, shifts, weights, eigenvalues[k], r, convolved,
                                                              sources[k], profiles[k]);
  }
}

void upload_complex(DeviceBuffer<double>& buffer, const std::vector<Complex>& values) {
  buffer.upload(reinterpret_cast<const double*>(values.data()), 2 * values.size());
}

// The first half of an apply(): checks the shape, uploads the sources and runs the convolutions
// to completion.
ContourSumTimes upload_and_convolve(const DenseMatrix& sources, DeviceContourTables& tables,
                                    DeviceBuffer<double>& buffer) {
  if (sources.rows() != tables.r() || sources.cols() != tables.steps() + 1) {
    throw InputError("sources", "contour sums got nodal sources of the wrong shape");
  }
  ContourSumTimes times;
  Stopwatch watch;
  buffer.upload(sources.data(), static_cast<std::size_t>(sources.size()));
  times.transfer += watch.seconds();
  watch.restart();
  tables.convolve(buffer.data());
  check_cuda(cudaDeviceSynchronize(), "convolve_kernel");
  times.convolution += watch.seconds();
  return times;
}

// The second half: waits for the node sums and copies their rows x (J + 1) result back.
void finish_node_sums(const char* kernel, Stopwatch& watch, const DeviceBuffer<double>& device, Eigen::Index rows,
                      int steps, DenseMatrix& result, ContourSumTimes& times) {
  check_cuda(cudaDeviceSynchronize(), kernel);
  times.node_sums = watch.seconds();
  watch.restart();
  result.resize(rows, steps + 1);
  device.download(result.data(), static_cast<std::size_t>(result.size()));
  times.transfer += watch.seconds();
}

class CudaDenseContourSums final : public DenseContourSums {
 public:
  CudaDenseContourSums(const ContourTables& tables, const std::vector<Complex>& resolvents, Eigen::Index m,
                       Eigen::Index r)
      : tables_(tables, r), m_(m) {
    upload_complex(resolvents_, resolvents);
    forced_.resize(static_cast<std::size_t>(m * (tables.steps + 1)));
  }

  ContourSumTimes apply(const DenseMatrix& sources, DenseMatrix& forced) override {
    ContourSumTimes times = upload_and_convolve(sources, tables_, sources_);
    Stopwatch watch;
    forced_.zero();
    dense_sum_kernel<<<grid_stride_blocks(static_cast<std::int64_t>(tables_.steps()) * m_), kGridStrideThreads>>>(
        tables_.steps(), tables_.nodes(), m_, tables_.r(), resolvents_.data(), tables_.convolved(), forced_.data());
    check_launch("dense_sum_kernel");
    finish_node_sums("dense_sum_kernel", watch, forced_, m_, tables_.steps(), forced, times);
    return times;
  }

 private:
  DeviceContourTables tables_;
  std::int64_t m_;
  DeviceBuffer<double> resolvents_;
  DeviceBuffer<double> sources_;
  DeviceBuffer<double> forced_;
};

class CudaDiagonalContourSums final : public DiagonalContourSums {
 public:
  CudaDiagonalContourSums(const ContourTables& tables, const DiagonalModes& modes, Eigen::Index r)
      : sums_(tables, modes, r) {
    spectral_.resize(static_cast<std::size_t>(sums_.modes() * (tables.steps + 1)));
  }

  ContourSumTimes apply(const DenseMatrix& sources, DenseMatrix& spectral) override {
    ContourSumTimes times = upload_and_convolve(sources, sums_.tables(), sources_);
    Stopwatch watch;
    sums_.sum(spectral_.data());
    finish_node_sums("diagonal_sum_kernel", watch, spectral_, sums_.modes(), sums_.steps(), spectral, times);
    return times;
  }

 private:
  DeviceDiagonalSums sums_;
  DeviceBuffer<double> sources_;
  DeviceBuffer<double> spectral_;
};

}  // namespace

DeviceContourTables::DeviceContourTables(const ContourTables& tables, std::int64_t r)
    : steps_(tables.steps), nodes_(tables.nodes), entries_(static_cast<std::int64_t>(tables.size())), r_(r) {
  upload_complex(shift_, tables.shift);
  upload_complex(weight_, tables.weight);
  upload_complex(decay_, tables.decay);
  upload_complex(span_, tables.span);
  upload_complex(left_, tables.left);
  upload_complex(right_, tables.right);
  convolved_.resize(static_cast<std::size_t>(2 * entries_ * r_));
}

void DeviceContourTables::convolve(const double* sources) {
  convolve_kernel<<<grid_stride_blocks(entries_ * r_), kGridStrideThreads>>>(
      entries_, nodes_, r_, decay_.data(), span_.data(), left_.data(), right_.data(), sources, convolved_.data());
  check_launch("convolve_kernel");
}

DeviceDiagonalSums::DeviceDiagonalSums(const ContourTables& tables, const DiagonalModes& modes, std::int64_t r)
    : tables_(tables, r), modes_(static_cast<std::int64_t>(modes.size())) {
  eigenvalues_.upload(modes.eigenvalue.data(), modes.size());
  sources_.upload(modes.source.data(), modes.size());
  profiles_.upload(modes.profile.data(), modes.size());
}

void DeviceDiagonalSums::sum(double* spectral) {
  check_cuda(cudaMemsetAsync(spectral, 0, static_cast<std::size_t>(modes_) * sizeof(double)), "cudaMemsetAsync");
  diagonal_sum_kernel<<<grid_stride_blocks(static_cast<std::int64_t>(tables_.steps()) * modes_), kGridStrideThreads>>>(
      tables_.steps(), tables_.nodes(), modes_, tables_.r(), tables_.shift(), tables_.weight(), eigenvalues_.data(),
      sources_.data(), profiles_.data(), tables_.convolved(), spectral);
  check_launch("diagonal_sum_kernel");
}

std::unique_ptr<DenseContourSums> make_dense_contour_sums_cuda(const ContourTables& tables,
                                                               std::vector<Complex> resolvents, Eigen::Index m,
                                                               Eigen::Index r) {
  require_cuda_device();
  return std::make_unique<CudaDenseContourSums>(tables, resolvents, m, r);
}

std::unique_ptr<DiagonalContourSums> make_diagonal_contour_sums_cuda(const ContourTables& tables, DiagonalModes modes,
                                                                     Eigen::Index r) {
  require_cuda_device();
  return std::make_unique<CudaDiagonalContourSums>(tables, modes, r);
}

}  // namespace relcp::dcs
