#include "lcp/problems/erleben_generators.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/SVD>
#include <Eigen/SparseCholesky>
#include <algorithm>
#include <cmath>
#include <vector>

namespace relcp::lcp::erleben {
namespace {

DenseMatrix uniform_matrix(Index rows, Index cols, Random& random) {
  DenseMatrix R(rows, cols);
  for (Index j = 0; j < cols; ++j) {  // column by column, the order in which Matlab fills rand(N, N)
    for (Index i = 0; i < rows; ++i) R(i, j) = uniform_open(random);
  }
  return R;
}

// Matlab: [~, D] = eig(A); offset = min(D(:)); if offset <= 0, A = A + eye * (0.5 - offset).
// min(D(:)) also sees the zero off-diagonal entries of D, so the shift triggers whenever
// lambda_min <= 0 and the matrix has more than one row; a 1 x 1 A = a > 0 is left alone.
double shift_to_half(double lambda_min, Index n) {
  const double offset = n > 1 ? std::min(lambda_min, 0.0) : lambda_min;
  return offset <= 0.0 ? 0.5 - offset : 0.0;
}

// Orthonormal basis of the range of R from its SVD, as Matlab's orth.
DenseMatrix orthonormal_range(const DenseMatrix& R) {
  Eigen::BDCSVD<DenseMatrix> svd(R, Eigen::ComputeThinU);
  const Index rank = svd.rank();
  return svd.matrixU().leftCols(rank);
}

DenseMatrix spectrum_matrix(Index n, Index zero_eigenvalues, Random& random) {
  Vector d(n);
  for (Index i = 0; i < n; ++i) d[i] = static_cast<double>(i + 1) / static_cast<double>(n);
  d.head(std::min(zero_eigenvalues, n)).setZero();
  const DenseMatrix O = orthonormal_range(uniform_matrix(n, n, random));
  const DenseMatrix A = O * d.head(O.cols()).asDiagonal() * O.transpose();
  return 0.5 * (A + A.transpose());
}

PlantedSolution plant_solution(const Vector& x, const Vector& Ax, Random& random) {
  PlantedSolution planted{x, -Ax};
  for (Index i = 0; i < x.size(); ++i) {
    if (x[i] == 0.0) planted.b[i] += uniform_open(random);  // slack s_i > 0, so y_i = s_i
  }
  return planted;
}

Vector planted_x(Index n, double zero_fraction, Random& random) {
  Vector x(n);
  for (Index i = 0; i < n; ++i) {
    const double r = uniform_open(random);
    x[i] = r < zero_fraction ? 0.0 : r;
  }
  return x;
}

}  // namespace

double uniform_open(Random& random) {
  while (true) {
    const double u = static_cast<double>(random() >> 11) * 0x1.0p-53;  // 53 random bits in [0, 1)
    if (u != 0.0) return u;
  }
}

double smallest_eigenvalue(const DenseMatrix& symmetric) {
  Eigen::SelfAdjointEigenSolver<DenseMatrix> solver(symmetric, Eigen::EigenvaluesOnly);
  return solver.eigenvalues().minCoeff();
}

double smallest_eigenvalue(const SparseMatrix& symmetric) {
  using ColumnMatrix = Eigen::SparseMatrix<double, Eigen::ColMajor, int>;
  const ColumnMatrix A(symmetric);
  const Index n = A.rows();
  // Gershgorin discs bracket the spectrum; lambda_min <= min_i a_ii (a Rayleigh quotient).
  const Vector diagonal = A.diagonal();
  Vector radius = Vector::Zero(n);
  for (Index j = 0; j < A.outerSize(); ++j) {
    for (ColumnMatrix::InnerIterator it(A, j); it; ++it) {
      if (it.row() != it.col()) radius[it.row()] += std::abs(it.value());
    }
  }
  double lower = (diagonal - radius).minCoeff();
  double upper = diagonal.minCoeff();
  ColumnMatrix identity(n, n);
  identity.setIdentity();
  Eigen::SimplicialLLT<ColumnMatrix, Eigen::Lower, Eigen::NaturalOrdering<int>> cholesky;
  cholesky.analyzePattern(A);
  const double scale = std::max({1.0, std::abs(lower), std::abs(upper)});
  while (upper - lower > 1e-13 * scale) {
    const double middle = 0.5 * (lower + upper);
    cholesky.factorize(A - middle * identity);
    (cholesky.info() == Eigen::Success ? lower : upper) = middle;  // success: A - sigma I is PD
  }
  return 0.5 * (lower + upper);
}

SparseMatrix make_banded_matrix(int bands, Index n, Random& random) {
  std::vector<double> band_values(static_cast<std::size_t>(bands));
  for (double& value : band_values) value = -uniform_open(random);
  std::vector<Eigen::Triplet<double, int>> entries;
  entries.reserve(static_cast<std::size_t>(n * (2 * bands + 1)));
  for (Index i = 0; i < n; ++i) entries.emplace_back(static_cast<int>(i), static_cast<int>(i), 1.0);
  for (int b = 1; b <= bands; ++b) {
    for (Index k = 0; k + b < n; ++k) {
      const double value = band_values[static_cast<std::size_t>(b - 1)];
      entries.emplace_back(static_cast<int>(k), static_cast<int>(k + b), value);
      entries.emplace_back(static_cast<int>(k + b), static_cast<int>(k), value);
    }
  }
  SparseMatrix A(n, n);
  A.setFromTriplets(entries.begin(), entries.end());
  const double shift = shift_to_half(smallest_eigenvalue(A), n);
  if (shift != 0.0) {
    for (Index i = 0; i < n; ++i) A.coeffRef(i, i) += shift;
  }
  A.makeCompressed();
  return A;
}

SparseMatrix make_fluid_matrix(int grid, Random& random) {
  const Index n = static_cast<Index>(grid) * grid * grid;
  return make_banded_matrix(3, n, random);
}

DenseMatrix make_blocked_matrix(int block_size, int blocks, double fill, Random& random) {
  const Index n = static_cast<Index>(block_size) * blocks;
  const DenseMatrix R = uniform_matrix(n, n, random);
  DenseMatrix A = 0.5 * (R + R.transpose());
  for (int i = 0; i < blocks; ++i) {
    const Index i_from = static_cast<Index>(i) * block_size;
    const Index i_center = i_from + block_size / 2;
    for (int j = 0; j < blocks; ++j) {
      const Index j_from = static_cast<Index>(j) * block_size;
      const Index j_center = j_from + block_size / 2;
      if (A(i_center, j_center) > fill) A.block(i_from, j_from, block_size, block_size).setZero();
    }
  }
  const double shift = shift_to_half(smallest_eigenvalue(A), n);
  A.diagonal().array() += shift;
  return A;
}

DenseMatrix make_contact_matrix(int contacts, Random& random) {
  constexpr int kBlock = 6;  // one normal, four friction directions, one slack
  DenseMatrix A = make_blocked_matrix(kBlock, contacts, 0.5, random);
  for (int bi = 0; bi < contacts; ++bi) {
    for (int bj = 0; bj < contacts; ++bj) {
      const Index i = static_cast<Index>(bi) * kBlock;
      const Index j = static_cast<Index>(bj) * kBlock;
      if (A(i, j) == 0.0) continue;
      A(i + 5, j) = 0.5;                              // mu
      A(i + 5, j + 5) = 0.0;                          // zero diagonal block
      A(i, j + 5) = 0.0;                              // upper zero block
      A.block(i + 5, j + 1, 1, 4).setConstant(-1.0);  // -e^T
      A.block(i + 1, j + 5, 4, 1).setConstant(1.0);   // e
    }
  }
  return A;
}

DenseMatrix make_pd_matrix(Index n, Random& random) { return spectrum_matrix(n, 0, random); }

DenseMatrix make_psd_matrix(Index n, double zero_ratio, Random& random) {
  const auto zeros = static_cast<Index>(std::floor(static_cast<double>(n) * zero_ratio));
  return spectrum_matrix(n, std::max<Index>(zeros, 0), random);
}

PlantedSolution make_lcp(const DenseMatrix& A, double zero_fraction, Random& random) {
  const Vector x = planted_x(A.rows(), zero_fraction, random);
  return plant_solution(x, A * x, random);
}

PlantedSolution make_lcp(const SparseMatrix& A, double zero_fraction, Random& random) {
  const Vector x = planted_x(A.rows(), zero_fraction, random);
  return plant_solution(x, A * x, random);
}

namespace {

template <typename Matrix>
GeneratedLcp assemble(Matrix A, Random& random) {
  PlantedSolution planted = make_lcp(A, kZeroFraction, random);
  return GeneratedLcp{LcpProblem(std::move(A), std::move(planted.b)), std::move(planted.x)};
}

}  // namespace

GeneratedLcp make_fluid_lcp(int grid, std::uint64_t seed) {
  Random random(seed);
  return assemble(make_fluid_matrix(grid, random), random);
}

GeneratedLcp make_contact_lcp(int contacts, std::uint64_t seed) {
  Random random(seed);
  return assemble(make_contact_matrix(contacts, random), random);
}

GeneratedLcp make_pd_lcp(Index n, std::uint64_t seed) {
  Random random(seed);
  return assemble(make_pd_matrix(n, random), random);
}

GeneratedLcp make_psd_lcp(Index n, double zero_ratio, std::uint64_t seed) {
  Random random(seed);
  return assemble(make_psd_matrix(n, zero_ratio, random), random);
}

}  // namespace relcp::lcp::erleben
