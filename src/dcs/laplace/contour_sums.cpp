#include "dcs/laplace/contour_sums.hpp"

#include <utility>
#include <vector>

#include "core/error.hpp"
#include "core/stopwatch.hpp"
#include "dcs/laplace/contour_kernels.hpp"
#include "dcs/laplace/contour_sums_cuda.hpp"

namespace relcp::dcs {
namespace {

const double* interleaved(const std::vector<Complex>& values) { return reinterpret_cast<const double*>(values.data()); }

void check_sources(const DenseMatrix& sources, Eigen::Index r, int steps) {
  if (sources.rows() != r || sources.cols() != steps + 1) {
    throw InputError("sources", "contour sums expect " + std::to_string(r) + " x " + std::to_string(steps + 1) +
                                    " nodal sources, got " + std::to_string(sources.rows()) + " x " +
                                    std::to_string(sources.cols()));
  }
}

// convolved[e * r + c] for every table entry e and component c.
void convolve_all(const ContourTables& tables, const DenseMatrix& sources, std::vector<Complex>& convolved,
                  bool parallel) {
  const auto r = static_cast<std::int64_t>(sources.rows());
  const auto entries = static_cast<std::int64_t>(tables.size());
  convolved.resize(static_cast<std::size_t>(entries * r));
  double* out = reinterpret_cast<double*>(convolved.data());
  const double* decay = interleaved(tables.decay);
  const double* span = interleaved(tables.span);
  const double* left = interleaved(tables.left);
  const double* right = interleaved(tables.right);
  const double* data = sources.data();
  const int nodes = tables.nodes;
#pragma omp parallel if (parallel)
  {
    std::vector<double> work(static_cast<std::size_t>(2 * r));
#pragma omp for schedule(dynamic, 8)
    for (std::int64_t e = 0; e < entries; ++e) {
      const int j = static_cast<int>(e / nodes) + 1;
      kernels::convolve_entry(j, e, decay, span, left, right, data, r, work.data(), out + 2 * e * r);
    }
  }
}

class CpuDenseContourSums final : public DenseContourSums {
 public:
  CpuDenseContourSums(bool parallel, ContourTables tables, std::vector<Complex> resolvents, Eigen::Index m,
                      Eigen::Index r)
      : parallel_(parallel), tables_(std::move(tables)), resolvents_(std::move(resolvents)), m_(m), r_(r) {}

  ContourSumTimes apply(const DenseMatrix& sources, DenseMatrix& forced) override {
    check_sources(sources, r_, tables_.steps);
    ContourSumTimes times;
    Stopwatch watch;
    convolve_all(tables_, sources, convolved_, parallel_);
    times.convolution = watch.seconds();
    watch.restart();
    forced.setZero(m_, tables_.steps + 1);
    const double* resolvents = interleaved(resolvents_);
    const double* convolved = interleaved(convolved_);
    const int steps = tables_.steps;
    const int nodes = tables_.nodes;
    const auto m = static_cast<std::int64_t>(m_);
    const auto r = static_cast<std::int64_t>(r_);
#pragma omp parallel for schedule(static) if (parallel_)
    for (int j = 1; j <= steps; ++j) {
      for (std::int64_t i = 0; i < m; ++i) {
        forced(i, j) = kernels::dense_resolvent_sum(j, i, nodes, m, r, resolvents, convolved);
      }
    }
    times.node_sums = watch.seconds();
    return times;
  }

 private:
  bool parallel_;
  ContourTables tables_;
  std::vector<Complex> resolvents_;
  Eigen::Index m_;
  Eigen::Index r_;
  std::vector<Complex> convolved_;
};

class CpuDiagonalContourSums final : public DiagonalContourSums {
 public:
  CpuDiagonalContourSums(bool parallel, ContourTables tables, DiagonalModes modes, Eigen::Index r)
      : parallel_(parallel), tables_(std::move(tables)), modes_(std::move(modes)), r_(r) {}

  ContourSumTimes apply(const DenseMatrix& sources, DenseMatrix& spectral) override {
    check_sources(sources, r_, tables_.steps);
    ContourSumTimes times;
    Stopwatch watch;
    convolve_all(tables_, sources, convolved_, parallel_);
    times.convolution = watch.seconds();
    watch.restart();
    const auto modes = static_cast<std::int64_t>(modes_.size());
    spectral.setZero(modes, tables_.steps + 1);
    const double* shifts = interleaved(tables_.shift);
    const double* weights = interleaved(tables_.weight);
    const double* convolved = interleaved(convolved_);
    const int steps = tables_.steps;
    const int nodes = tables_.nodes;
    const auto r = static_cast<std::int64_t>(r_);
#pragma omp parallel for schedule(static) if (parallel_)
    for (int j = 1; j <= steps; ++j) {
      for (std::int64_t k = 0; k < modes; ++k) {
        const auto at = static_cast<std::size_t>(k);
        spectral(k, j) = kernels::diagonal_resolvent_sum(j, nodes, shifts, weights, modes_.eigenvalue[at], r, convolved,
                                                         modes_.source[at], modes_.profile[at]);
      }
    }
    times.node_sums = watch.seconds();
    return times;
  }

 private:
  bool parallel_;
  ContourTables tables_;
  DiagonalModes modes_;
  Eigen::Index r_;
  std::vector<Complex> convolved_;
};

void check_modes(const DiagonalModes& modes, Eigen::Index r) {
  if (modes.source.size() != modes.size() || modes.profile.size() != modes.size()) {
    throw InputError("modes", "every mode needs an eigenvalue, a source index and a profile factor");
  }
  for (const std::int64_t source : modes.source) {
    if (source < 0 || source >= r) throw InputError("modes", "a mode's source index is out of range");
  }
}

}  // namespace

std::string_view to_string(ComputeBackend backend) {
  switch (backend) {
    case ComputeBackend::serial:
      return "serial";
    case ComputeBackend::openmp:
      return "openmp";
    case ComputeBackend::cuda:
      return "cuda";
  }
  return "unknown";
}

ComputeBackend parse_compute_backend(std::string_view name) {
  if (name == "serial") return ComputeBackend::serial;
  if (name == "openmp") return ComputeBackend::openmp;
  if (name == "cuda") return ComputeBackend::cuda;
  throw InputError("backend", "unknown backend '" + std::string(name) + "' (known: serial, openmp, cuda)");
}

std::unique_ptr<DenseContourSums> make_dense_contour_sums(ComputeBackend backend, const ContourTables& tables,
                                                          std::vector<Complex> resolvents, Eigen::Index m,
                                                          Eigen::Index r) {
  if (resolvents.size() != tables.size() * static_cast<std::size_t>(m * r)) {
    throw InputError("resolvents", "one m x r resolvent block per (time point, node) is needed");
  }
  if (backend == ComputeBackend::cuda) return make_dense_contour_sums_cuda(tables, std::move(resolvents), m, r);
  return std::make_unique<CpuDenseContourSums>(backend == ComputeBackend::openmp, tables, std::move(resolvents), m, r);
}

std::unique_ptr<DiagonalContourSums> make_diagonal_contour_sums(ComputeBackend backend, const ContourTables& tables,
                                                                DiagonalModes modes, Eigen::Index r) {
  check_modes(modes, r);
  if (backend == ComputeBackend::cuda) return make_diagonal_contour_sums_cuda(tables, std::move(modes), r);
  return std::make_unique<CpuDiagonalContourSums>(backend == ComputeBackend::openmp, tables, std::move(modes), r);
}

}  // namespace relcp::dcs
