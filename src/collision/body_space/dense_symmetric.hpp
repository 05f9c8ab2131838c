#pragma once
// Dense symmetric kernels of the substructured factorization's interface, on LAPACK (OpenBLAS
// where Debian's alternatives point there, scripts/setup.sh): the product of a lower triangular
// matrix with its transpose (dlauum, a third of a general product's flops), and a Cholesky
// factorization and solve (dpotrf, dpotrs).

#include <Eigen/Core>

namespace relcp::collision {

// L L^T for lower triangular L (its strict upper part ignored), lower triangle only (the upper
// part of the result is left unspecified).
Eigen::MatrixXd lower_times_transpose(const Eigen::MatrixXd& lower);

// A symmetric positive definite matrix given by its lower triangle, factorized by dpotrf.
class DenseCholesky {
 public:
  // False when the matrix is not (numerically) positive definite.
  bool factorize(Eigen::MatrixXd lower);
  Eigen::VectorXd solve(const Eigen::VectorXd& rhs) const;

 private:
  Eigen::MatrixXd factor_;
};

}  // namespace relcp::collision
