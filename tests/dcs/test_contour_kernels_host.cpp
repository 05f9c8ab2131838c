// The per-thread logic of the contour-sum kernels (contour_kernels.hpp), run on the host:
// the Horner convolution against a direct quadrature of the Duhamel integral, the node sums
// against plain std::complex loops, and the CPU back ends against each other.

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <random>
#include <vector>

#include "core/error.hpp"
#include "dcs/laplace/contour_hyperbolic.hpp"
#include "dcs/laplace/contour_kernels.hpp"
#include "dcs/laplace/contour_sums.hpp"
#include "dcs/laplace/contour_tables.hpp"

namespace relcp::dcs {
namespace {

const double* interleaved(const std::vector<Complex>& values) { return reinterpret_cast<const double*>(values.data()); }

Complex as_complex(kernels::KernelComplex value) { return {value.re, value.im}; }

DenseMatrix random_sources(Eigen::Index r, Eigen::Index points, unsigned seed) {
  std::mt19937 generator(seed);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  DenseMatrix sources(r, points);
  for (Eigen::Index i = 0; i < sources.size(); ++i) sources.data()[i] = uniform(generator);
  return sources;
}

// int_0^{t_j} e^{z (t_j - tau)} a(tau) dtau for the piecewise-linear a through `nodal`, by
// composite Simpson with 400 panels per step (accurate to ~1e-13 for |z h| <= 2).
Complex simpson_duhamel(Complex z, int j, double h, const DenseMatrix& nodal, Eigen::Index c) {
  const int panels = 400;
  Complex total = 0.0;
  for (int l = 0; l < j; ++l) {
    const double width = h / panels;
    for (int k = 0; k <= panels; ++k) {
      const double s = k * width;
      const double tau = l * h + s;
      const double a = nodal(c, l) + (nodal(c, l + 1) - nodal(c, l)) * s / h;
      const double weight = (k == 0 || k == panels) ? 1.0 : (k % 2 == 1 ? 4.0 : 2.0);
      total += weight * width / 3.0 * std::exp(z * (j * h - tau)) * a;
    }
  }
  return total;
}

TEST(ContourKernels, HornerConvolutionIsTheDuhamelIntegralOfTheInterpolant) {
  const HyperbolicContour contour(HyperbolicContourParameters::wu_chen(16));
  const double h = 0.05;
  const int steps = 12;
  const ContourTables tables = make_contour_tables(contour, h, steps);
  const DenseMatrix nodal = random_sources(2, steps + 1, 3);
  int checked = 0;
  for (int j = 1; j <= steps; ++j) {
    for (int p = 0; p < tables.nodes; ++p) {
      const std::size_t e = tables.index(j, p);
      if (std::abs(tables.shift[e] * h) > 2.0) continue;
      for (Eigen::Index c = 0; c < 2; ++c) {
        const Complex value = as_complex(kernels::convolve_source(
            j, static_cast<std::int64_t>(e), interleaved(tables.decay), interleaved(tables.span),
            interleaved(tables.left), interleaved(tables.right), nodal.data(), 2, c));
        const Complex reference = simpson_duhamel(tables.shift[e], j, h, nodal, c);
        EXPECT_LT(std::abs(value - reference), 1e-11 * (1.0 + std::abs(reference))) << "j " << j << " p " << p;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 50);
}

TEST(ContourKernels, EntryAtOnceEqualsComponentByComponent) {
  const HyperbolicContour contour(HyperbolicContourParameters::wu_chen(25));
  const int steps = 30;
  const ContourTables tables = make_contour_tables(contour, 0.1, steps);
  const Eigen::Index r = 5;
  const DenseMatrix nodal = random_sources(r, steps + 1, 8);
  std::vector<double> work(2 * r), out(2 * r);
  for (const int j : {1, 2, 17, 30}) {
    for (const int p : {0, 1, 12, 25}) {
      const auto e = static_cast<std::int64_t>(tables.index(j, p));
      kernels::convolve_entry(j, e, interleaved(tables.decay), interleaved(tables.span), interleaved(tables.left),
                              interleaved(tables.right), nodal.data(), r, work.data(), out.data());
      for (Eigen::Index c = 0; c < r; ++c) {
        const kernels::KernelComplex one =
            kernels::convolve_source(j, e, interleaved(tables.decay), interleaved(tables.span),
                                     interleaved(tables.left), interleaved(tables.right), nodal.data(), r, c);
        EXPECT_EQ(out[2 * c], one.re);
        EXPECT_EQ(out[2 * c + 1], one.im);
      }
    }
  }
}

TEST(ContourKernels, ConvolutionOfFarNodesDecaysLikeTheLastInterval) {
  // For Re(z h) << 0 only the last step contributes: the integral tends to -a_j / z.
  const HyperbolicContour contour(HyperbolicContourParameters::wu_chen(64));
  const ContourTables tables = make_contour_tables(contour, 0.01, 8);
  const DenseMatrix nodal = random_sources(1, 9, 5);
  const std::size_t e = tables.index(8, 64);
  const Complex z = tables.shift[e];
  ASSERT_LT((z * 0.01).real(), -1e4);
  const Complex value = as_complex(kernels::convolve_source(8, static_cast<std::int64_t>(e), interleaved(tables.decay),
                                                            interleaved(tables.span), interleaved(tables.left),
                                                            interleaved(tables.right), nodal.data(), 1, 0));
  EXPECT_LT(std::abs(value + nodal(0, 8) / z), 1e-6 * std::abs(nodal(0, 8) / z));
}

TEST(ContourKernels, NodeSumsMatchComplexArithmetic) {
  std::mt19937 generator(11);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  const auto random_complex = [&] { return Complex(uniform(generator), uniform(generator)); };
  const int steps = 3, nodes = 4;
  const std::int64_t m = 3, r = 2;
  std::vector<Complex> resolvents(static_cast<std::size_t>(steps * nodes * m * r));
  std::vector<Complex> convolved(static_cast<std::size_t>(steps * nodes * r));
  std::vector<Complex> shifts(static_cast<std::size_t>(steps * nodes)), weights(shifts.size());
  for (auto& value : resolvents) value = random_complex();
  for (auto& value : convolved) value = random_complex();
  for (auto& value : shifts) value = random_complex() + 3.0;
  for (auto& value : weights) value = random_complex();
  for (int j = 1; j <= steps; ++j) {
    for (std::int64_t i = 0; i < m; ++i) {
      Complex sum = 0.0;
      for (int p = 0; p < nodes; ++p) {
        const std::size_t e = static_cast<std::size_t>((j - 1) * nodes + p);
        for (std::int64_t c = 0; c < r; ++c) {
          sum += resolvents[(e * r + static_cast<std::size_t>(c)) * m + static_cast<std::size_t>(i)] *
                 convolved[e * r + static_cast<std::size_t>(c)];
        }
      }
      EXPECT_NEAR(kernels::dense_resolvent_sum(j, i, nodes, m, r, interleaved(resolvents), interleaved(convolved)),
                  sum.imag(), 1e-14);
    }
    for (std::int64_t source = 0; source < r; ++source) {
      const double eigenvalue = -2.5, profile = 0.75;
      Complex sum = 0.0;
      for (int p = 0; p < nodes; ++p) {
        const std::size_t e = static_cast<std::size_t>((j - 1) * nodes + p);
        sum += weights[e] * profile * convolved[e * r + static_cast<std::size_t>(source)] / (shifts[e] - eigenvalue);
      }
      EXPECT_NEAR(kernels::diagonal_resolvent_sum(j, nodes, interleaved(shifts), interleaved(weights), eigenvalue, r,
                                                  interleaved(convolved), source, profile),
                  sum.imag(), 1e-14);
    }
  }
}

TEST(ContourSums, SerialAndOpenMpBackEndsAgreeExactly) {
  const HyperbolicContour contour(HyperbolicContourParameters::wu_chen(9));
  const int steps = 20;
  const ContourTables tables = make_contour_tables(contour, 0.1, steps);
  const Eigen::Index m = 2, r = 3;
  std::vector<Complex> resolvents(tables.size() * static_cast<std::size_t>(m * r));
  for (std::size_t i = 0; i < resolvents.size(); ++i) resolvents[i] = Complex(std::sin(1.0 * i), std::cos(2.0 * i));
  const DenseMatrix sources = random_sources(r, steps + 1, 17);
  DenseMatrix serial, parallel;
  make_dense_contour_sums(ComputeBackend::serial, tables, resolvents, m, r)->apply(sources, serial);
  make_dense_contour_sums(ComputeBackend::openmp, tables, resolvents, m, r)->apply(sources, parallel);
  EXPECT_EQ(serial, parallel);
  EXPECT_EQ(serial.col(0), Vector::Zero(m));

  DiagonalModes modes;
  modes.eigenvalue = {-1.0, -5.0, -40.0, -0.5};
  modes.source = {0, 2, 1, 2};
  modes.profile = {1.0, 0.5, -2.0, 3.0};
  make_diagonal_contour_sums(ComputeBackend::serial, tables, modes, r)->apply(sources, serial);
  make_diagonal_contour_sums(ComputeBackend::openmp, tables, modes, r)->apply(sources, parallel);
  EXPECT_EQ(serial, parallel);
  EXPECT_EQ(serial.rows(), 4);
}

TEST(ContourSums, RejectInconsistentShapes) {
  const ContourTables tables = make_contour_tables(HyperbolicContour(HyperbolicContourParameters::wu_chen(4)), 0.1, 5);
  EXPECT_THROW(make_dense_contour_sums(ComputeBackend::serial, tables, std::vector<Complex>(3), 2, 2), InputError);
  DiagonalModes modes;
  modes.eigenvalue = {-1.0};
  modes.source = {4};
  modes.profile = {1.0};
  EXPECT_THROW(make_diagonal_contour_sums(ComputeBackend::serial, tables, modes, 2), InputError);
  auto sums = make_dense_contour_sums(ComputeBackend::serial, tables, std::vector<Complex>(tables.size() * 4), 2, 2);
  DenseMatrix forced;
  EXPECT_THROW(sums->apply(DenseMatrix::Zero(2, 3), forced), InputError);
}

}  // namespace
}  // namespace relcp::dcs
