#pragma once
// The orthonormal discrete sine transform of type I (FFTW's RODFT00, scaled):
//   (S x)_k = sqrt(2 / (n + 1)) sum_i x_i sin(pi (i + 1)(k + 1) / (n + 1)),   i, k = 0..n-1.
// S is symmetric and its own inverse, and it diagonalizes the Dirichlet second difference
// tridiag(1, -2, 1): S T S = diag(-4 sin^2(pi (k + 1) / (2 (n + 1)))). The 2-D transform acts on a
// row-major rows x cols array (the column index runs fastest) and is S_rows (x) S_cols.
// Plans are made once (FFTW_ESTIMATE, under a lock: FFTW's planner is not thread-safe);
// apply() may then be called from many threads at once, on any arrays.

#include <memory>

namespace relcp::dcs {

class SineTransform {
 public:
  explicit SineTransform(int n);      // 1-D, n >= 1
  SineTransform(int rows, int cols);  // 2-D

  int size() const { return rows_ * cols_; }
  int rows() const { return rows_; }
  int cols() const { return cols_; }

  // input and output must not overlap; input is not modified.
  void apply(const double* input, double* output) const;
  void apply_in_place(double* data) const;

  // Eigenvalue k (0-based) of tridiag(1, -2, 1) of size n: -4 sin^2(pi (k + 1) / (2 (n + 1))).
  static double second_difference_eigenvalue(int n, int k);

 private:
  struct Plans;
  int rows_;
  int cols_;
  double scale_;
  std::shared_ptr<const Plans> plans_;
};

}  // namespace relcp::dcs
