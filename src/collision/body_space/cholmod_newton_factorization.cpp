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
    for_each_lower_product(
        [&](Eigen::Index, const RowIterator& a, const RowIterator& b) { pattern.emplace_back(a.col(), b.col(), 0.0); });
    matrix_.resize(dofs, dofs);
    matrix_.setFromTriplets(pattern.begin(), pattern.end());
    matrix_.makeCompressed();
    locate_entries();
  }

  bool factorize(const Eigen::VectorXd& weights, const Eigen::VectorXd& diagonal) {
    double* values = matrix_.valuePtr();
    Eigen::Map<Eigen::VectorXd>(values, matrix_.nonZeros()).setZero();
    for (Eigen::Index d = 0; d < diagonal.size(); ++d) values[diagonal_entry_[d]] += diagonal[d];
    const double* jacobian_values = jacobian_.valuePtr();
    for (Eigen::Index r = 0; r < jacobian_.outerSize(); ++r) {
      if (weights[r] == 0.0) continue;
      for (Eigen::Index k = row_products_[r]; k < row_products_[r + 1]; ++k) {
        const ProductEntry& p = products_[k];
        values[p.entry] += weights[r] * jacobian_values[p.first] * jacobian_values[p.second];
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
  // One product a * b of a row's entries, a's column >= b's: where it lands in matrix_'s values,
  // and the two Jacobian value indices. Located once so a factorization only accumulates.
  struct ProductEntry {
    Eigen::Index entry;
    Eigen::Index first;
    Eigen::Index second;
  };

  template <typename Visit>
  void for_each_lower_product(Visit visit) const {
    for (Eigen::Index r = 0; r < jacobian_.outerSize(); ++r) {
      for (RowIterator a(jacobian_, r); a; ++a) {
        for (RowIterator b(jacobian_, r); b; ++b) {
          if (a.col() >= b.col()) visit(r, a, b);
        }
      }
    }
  }

  void locate_entries() {
    diagonal_entry_.resize(matrix_.cols());
    for (Eigen::Index d = 0; d < matrix_.cols(); ++d) diagonal_entry_[d] = entry(d, d);
    row_products_.assign(jacobian_.outerSize() + 1, 0);
    for_each_lower_product([&](Eigen::Index r, const RowIterator& a, const RowIterator& b) {
      products_.push_back({entry(a.col(), b.col()), value_index(a), value_index(b)});
      row_products_[r + 1] = static_cast<Eigen::Index>(products_.size());
    });
    for (std::size_t r = 1; r < row_products_.size(); ++r) {
      row_products_[r] = std::max(row_products_[r], row_products_[r - 1]);
    }
  }

  Eigen::Index value_index(const RowIterator& it) const { return &it.value() - jacobian_.valuePtr(); }

  // The index in matrix_'s values of the stored entry (row, column), row >= column.
  Eigen::Index entry(Eigen::Index row, Eigen::Index column) const {
    const int* first = matrix_.innerIndexPtr() + matrix_.outerIndexPtr()[column];
    const int* last = matrix_.innerIndexPtr() + matrix_.outerIndexPtr()[column + 1];
    return std::lower_bound(first, last, static_cast<int>(row)) - matrix_.innerIndexPtr();
  }

  const RowMatrix& jacobian_;
  ColumnMatrix matrix_;
  Eigen::CholmodDecomposition<ColumnMatrix, Eigen::Lower> cholesky_;
  bool analysed_ = false;
  std::vector<Eigen::Index> diagonal_entry_;
  std::vector<Eigen::Index> row_products_;
  std::vector<ProductEntry> products_;
};

CholmodNewtonFactorization::CholmodNewtonFactorization(const RowMatrix& jacobian)
    : impl_(std::make_unique<Cholmod>(jacobian)) {}
CholmodNewtonFactorization::~CholmodNewtonFactorization() = default;

bool CholmodNewtonFactorization::factorize(const Eigen::VectorXd& row_weights, const Eigen::VectorXd& diagonal) {
  return impl_->factorize(row_weights, diagonal);
}

Eigen::VectorXd CholmodNewtonFactorization::solve(const Eigen::VectorXd& rhs) { return impl_->solve(rhs); }

}  // namespace relcp::collision
