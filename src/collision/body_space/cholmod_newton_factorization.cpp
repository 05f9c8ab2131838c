#include "collision/body_space/cholmod_newton_factorization.hpp"

#include <Eigen/CholmodSupport>
#include <omp.h>

#include <algorithm>
#include <vector>

namespace relcp::collision {
namespace {

using ColumnMatrix = Eigen::SparseMatrix<double>;
using RowMatrix = Eigen::SparseMatrix<double, Eigen::RowMajor>;
using RowIterator = RowMatrix::InnerIterator;

// Debian's CHOLMOD 3 runs its supernodal kernels on a fixed team of kCholmodTeam OpenMP threads
// whatever OMP_NUM_THREADS says; with fewer threads allowed (one per rank on a 2-core node) that
// oversubscribes the cores and was slower than one thread, so its parallel regions are made
// inactive for the call.
constexpr int kCholmodTeam = 4;
class CholmodThreads {
 public:
  CholmodThreads() : saved_(omp_get_max_active_levels()) {
    if (omp_get_max_threads() < kCholmodTeam) omp_set_max_active_levels(0);
  }
  ~CholmodThreads() { omp_set_max_active_levels(saved_); }
  CholmodThreads(const CholmodThreads&) = delete;
  CholmodThreads& operator=(const CholmodThreads&) = delete;

 private:
  int saved_;
};

}  // namespace

// The lower triangle in compressed columns. Inactive rows enter with weight zero, so the pattern
// is built and analysed once and only the values are refilled for each factorization.
class CholmodNewtonFactorization::Cholmod {
 public:
  explicit Cholmod(const RowMatrix& jacobian) : jacobian_(jacobian) {
    const Eigen::Index dofs = jacobian.cols();
    std::vector<Eigen::Triplet<double>> pattern;
    for (Eigen::Index d = 0; d < dofs; ++d) pattern.emplace_back(d, d, 0.0);
    for (Eigen::Index r = 0; r < jacobian_.outerSize(); ++r) {
      for (RowIterator a(jacobian_, r); a; ++a) {
        for (RowIterator b(jacobian_, r); b; ++b) {
          if (a.col() >= b.col()) pattern.emplace_back(a.col(), b.col(), 0.0);
        }
      }
    }
    matrix_.resize(dofs, dofs);
    matrix_.setFromTriplets(pattern.begin(), pattern.end());
    matrix_.makeCompressed();
  }

  bool factorize(const Eigen::VectorXd& weights, const Eigen::VectorXd& diagonal) {
    Eigen::Map<Eigen::VectorXd>(matrix_.valuePtr(), matrix_.nonZeros()).setZero();
    for (Eigen::Index d = 0; d < diagonal.size(); ++d) value(d, d) += diagonal[d];
    for (Eigen::Index r = 0; r < jacobian_.outerSize(); ++r) {
      if (weights[r] == 0.0) continue;
      for (RowIterator a(jacobian_, r); a; ++a) {
        for (RowIterator b(jacobian_, r); b; ++b) {
          if (a.col() >= b.col()) value(a.col(), b.col()) += weights[r] * a.value() * b.value();
        }
      }
    }
    const CholmodThreads threads;
    if (!analysed_) {
      cholesky_.analyzePattern(matrix_);
      analysed_ = true;
    }
    cholesky_.factorize(matrix_);
    return cholesky_.info() == Eigen::Success;
  }

  Eigen::VectorXd solve(const Eigen::VectorXd& rhs) {
    const CholmodThreads threads;
    return cholesky_.solve(rhs);
  }

 private:
  // The stored entry (row, column), row >= column, found in the column's sorted row indices.
  double& value(Eigen::Index row, Eigen::Index column) {
    const int* first = matrix_.innerIndexPtr() + matrix_.outerIndexPtr()[column];
    const int* last = matrix_.innerIndexPtr() + matrix_.outerIndexPtr()[column + 1];
    const int* found = std::lower_bound(first, last, static_cast<int>(row));
    return matrix_.valuePtr()[found - matrix_.innerIndexPtr()];
  }

  const RowMatrix& jacobian_;
  ColumnMatrix matrix_;
  Eigen::CholmodDecomposition<ColumnMatrix, Eigen::Lower> cholesky_;
  bool analysed_ = false;
};

CholmodNewtonFactorization::CholmodNewtonFactorization(const RowMatrix& jacobian)
    : impl_(std::make_unique<Cholmod>(jacobian)) {}
CholmodNewtonFactorization::~CholmodNewtonFactorization() = default;

bool CholmodNewtonFactorization::factorize(const Eigen::VectorXd& row_weights,
                                           const Eigen::VectorXd& diagonal) {
  return impl_->factorize(row_weights, diagonal);
}

Eigen::VectorXd CholmodNewtonFactorization::solve(const Eigen::VectorXd& rhs) {
  return impl_->solve(rhs);
}

}  // namespace relcp::collision
