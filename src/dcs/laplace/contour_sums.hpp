#pragma once
// The per-iteration arithmetic of the Laplace iteration (docs/laplace.md), run on a
// chosen back end. The constant data (contour tables, precomputed resolvents or spectra) is
// handed over once at construction and kept by the back end (on the device for CUDA); apply()
// is called once per iteration:
//   1. convolution sums: for every (j, p) and source component c, the Duhamel integral of the
//      piecewise-linear source through contour node p (left * S + right * T, contour_tables.hpp);
//   2. shifted solves and the conjugate-symmetric node sum, either with dense precomputed
//      resolvents K_{j,p} = c_{p,j} (z_{p,j} I - A)^{-1} U (DenseContourSums), or for a
//      diagonalized A in spectral coordinates (DiagonalContourSums).

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "dcs/laplace/contour_tables.hpp"
#include "dcs/types.hpp"

namespace relcp::dcs {

enum class ComputeBackend { serial, openmp, cuda };

std::string_view to_string(ComputeBackend backend);
// "serial", "openmp", "cuda". Throws InputError (key "backend").
ComputeBackend parse_compute_backend(std::string_view name);

// Wall-clock seconds of one apply(), for [PL] Table 4.1's split.
struct ContourSumTimes {
  double convolution = 0.0;  // step 1 ("interpolation")
  double node_sums = 0.0;    // step 2 ("linear algebra")
  double transfer = 0.0;     // host <-> device copies (CUDA only)
};

class DenseContourSums {
 public:
  virtual ~DenseContourSums() = default;
  // sources: r x (J + 1), the nodal source coordinates c_0..c_J. forced: m x (J + 1); column j
  // is Im sum_p K_{j,p} (convolution of c through node p at t_j); column 0 is zero.
  virtual ContourSumTimes apply(const DenseMatrix& sources, DenseMatrix& forced) = 0;
};

// Mode k of a diagonalized A: its eigenvalue, which source component feeds it and with what
// real factor (for a rank-structured source U; identity U: source k, factor 1).
struct DiagonalModes {
  std::vector<double> eigenvalue;
  std::vector<std::int64_t> source;
  std::vector<double> profile;
  std::size_t size() const { return eigenvalue.size(); }
};

class DiagonalContourSums {
 public:
  virtual ~DiagonalContourSums() = default;
  // sources: r x (J + 1) in spectral coordinates. spectral: modes x (J + 1); entry (k, j) is
  // Im sum_p c_{p,j} profile_k bhat_{j,p}(source_k) / (z_{p,j} - lambda_k); column 0 is zero.
  virtual ContourSumTimes apply(const DenseMatrix& sources, DenseMatrix& spectral) = 0;
};

// resolvents: per table entry (j, p) an m x r column-major block, entries in table order.
// cuda: throws as require_cuda_device() (device_query_cuda.hpp) when it cannot run.
std::unique_ptr<DenseContourSums> make_dense_contour_sums(ComputeBackend backend, const ContourTables& tables,
                                                          std::vector<Complex> resolvents, Eigen::Index m,
                                                          Eigen::Index r);
std::unique_ptr<DiagonalContourSums> make_diagonal_contour_sums(ComputeBackend backend, const ContourTables& tables,
                                                                DiagonalModes modes, Eigen::Index r);

}  // namespace relcp::dcs
