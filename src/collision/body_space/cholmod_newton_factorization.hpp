#pragma once
// The Newton matrix diag + R^T diag(w) R of a whole body-space LCP on one process, factorized by
// CHOLMOD's supernodal Cholesky (SuiteSparse), which rank-k updates and downdates modify when few
// row weights change.

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
  // cholmod_updown on the last factorization (which it turns into a simplicial LDL'; the next
  // factorize is supernodal again).
  bool can_update() const override { return true; }
  bool update(const std::vector<Eigen::Index>& rows, const Eigen::VectorXd& from, const Eigen::VectorXd& to) override;
  Eigen::VectorXd solve(const Eigen::VectorXd& rhs) override;

 private:
  class Cholmod;  // CHOLMOD's headers stay in the .cpp
  std::unique_ptr<Cholmod> impl_;
};

}  // namespace relcp::collision
