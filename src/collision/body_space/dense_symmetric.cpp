#include "collision/body_space/dense_symmetric.hpp"

#include <cstddef>

// LAPACK's Fortran entry points, with gfortran's hidden lengths of the character arguments.
extern "C" {
void dlauum_(const char* uplo, const int* n, double* a, const int* lda, int* info, std::size_t uplo_length);
void dpotrf_(const char* uplo, const int* n, double* a, const int* lda, int* info, std::size_t uplo_length);
void dpotrs_(const char* uplo, const int* n, const int* nrhs, const double* a, const int* lda, double* b,
             const int* ldb, int* info, std::size_t uplo_length);
}

namespace relcp::collision {

// dlauum forms U U^T for upper triangular U. With J the reversal, J L J is upper triangular and
// L L^T = J (J L J)(J L J)^T J.
Eigen::MatrixXd lower_times_transpose(const Eigen::MatrixXd& lower) {
  const int n = static_cast<int>(lower.rows());
  if (n == 0) return {};
  Eigen::MatrixXd upper = lower.reverse();
  int info = 0;
  dlauum_("U", &n, upper.data(), &n, &info, 1);
  return upper.reverse();
}

bool DenseCholesky::factorize(Eigen::MatrixXd lower) {
  factor_ = std::move(lower);
  const int n = static_cast<int>(factor_.rows());
  if (n == 0) return true;
  int info = 0;
  dpotrf_("L", &n, factor_.data(), &n, &info, 1);
  return info == 0;
}

Eigen::VectorXd DenseCholesky::solve(const Eigen::VectorXd& rhs) const {
  Eigen::VectorXd x = rhs;
  const int n = static_cast<int>(factor_.rows()), one = 1;
  if (n == 0) return x;
  int info = 0;
  dpotrs_("L", &n, &one, factor_.data(), &n, x.data(), &n, &info, 1);
  return x;
}

}  // namespace relcp::collision
