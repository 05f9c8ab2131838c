#include <gtest/gtest.h>

#include "lcp/matrix_symmetry.hpp"

namespace relcp::lcp {
namespace {

TEST(IsSymmetric, DenseAndSparseStorage) {
  DenseMatrix symmetric(3, 3);
  symmetric << 2, 1, 0, 1, 3, -1, 0, -1, 4;
  DenseMatrix nonsymmetric = symmetric;
  nonsymmetric(0, 2) = 0.5;  // structurally asymmetric when stored sparse
  const Vector q = Vector::Zero(3);
  EXPECT_TRUE(is_symmetric(LcpProblem(symmetric, q)));
  EXPECT_FALSE(is_symmetric(LcpProblem(nonsymmetric, q)));
  EXPECT_TRUE(is_symmetric(LcpProblem(SparseMatrix(symmetric.sparseView()), q)));
  EXPECT_FALSE(is_symmetric(LcpProblem(SparseMatrix(nonsymmetric.sparseView()), q)));
}

TEST(IsSymmetric, ToleranceIsRelativeToTheLargestEntry) {
  DenseMatrix M(2, 2);
  M << 1e6, 1.0, 1.0 + 1e-8, 1e6;
  const Vector q = Vector::Zero(2);
  EXPECT_TRUE(is_symmetric(LcpProblem(M, q), 1e-12));  // 1e-8 <= 1e-12 * 1e6
  EXPECT_FALSE(is_symmetric(LcpProblem(M, q), 1e-16));
  EXPECT_TRUE(is_symmetric(LcpProblem(SparseMatrix(M.sparseView()), q), 1e-12));
  EXPECT_FALSE(is_symmetric(LcpProblem(SparseMatrix(M.sparseView()), q), 1e-16));
}

}  // namespace
}  // namespace relcp::lcp
