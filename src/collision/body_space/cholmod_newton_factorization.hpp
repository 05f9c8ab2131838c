#pragma once
// The Newton matrix diag + R^T diag(w) R of a whole body-space LCP on one process, factorized by
// CHOLMOD's supernodal Cholesky (SuiteSparse, through Eigen's CholmodSupport).

#include <Eigen/SparseCore>
#include <memory>

#include "collision/body_space/body_space.hpp"

namespace relcp::collision {

class CholmodNewtonFactorization final : public NewtonFactorization {
 public:
  // Keeps a reference to `jacobian` (R, rows x mobile directions).
  explicit CholmodNewtonFactorization(const Eigen::SparseMatrix<double, Eigen::RowMajor>& jacobian);
  ~CholmodNewtonFactorization() override;

  bool factorize(const Eigen::VectorXd& row_weights, const Eigen::VectorXd& diagonal) override;
  Eigen::VectorXd solve(const Eigen::VectorXd& rhs) override;

 private:
  class Cholmod;  // CHOLMOD's headers stay in the .cpp
  std::unique_ptr<Cholmod> impl_;
};

}  // namespace relcp::collision
