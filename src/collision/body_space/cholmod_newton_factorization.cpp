#include "collision/body_space/cholmod_newton_factorization.hpp"

#include <Eigen/CholmodSupport>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <unordered_map>
#include <vector>

namespace relcp::collision {
namespace {

using ColumnMatrix = Eigen::SparseMatrix<double>;
using RowMatrix = Eigen::SparseMatrix<double, Eigen::RowMajor>;
using RowIterator = RowMatrix::InnerIterator;

// Debian's CHOLMOD 3 runs its supernodal kernels on a fixed team of kCholmodTeam OpenMP threads
// whatever OMP_NUM_THREADS says; with fewer threads allowed (one per rank on a 2-core node) that
// oversubscribes the cores and was slower than one thread, so its parallel regions are made
// inactive for the call. OpenBLAS (the OpenMP build) sizes its own teams by
// omp_get_max_threads(), and waits forever for a team member that an inactive region never
// starts: so the thread count goes to one as well.
constexpr int kCholmodTeam = 4;
class CholmodThreads {
 public:
  CholmodThreads() : levels_(omp_get_max_active_levels()), threads_(omp_get_max_threads()) {
    if (threads_ < kCholmodTeam) {
      omp_set_max_active_levels(0);
      omp_set_num_threads(1);
    }
  }
  ~CholmodThreads() {
    omp_set_max_active_levels(levels_);
    omp_set_num_threads(threads_);
  }
  CholmodThreads(const CholmodThreads&) = delete;
  CholmodThreads& operator=(const CholmodThreads&) = delete;

 private:
  int levels_;
  int threads_;
};

}  // namespace

// The lower triangle in compressed columns. Inactive rows enter with weight zero, so the pattern
// is built and analysed once and only the values are refilled for each factorization.
class CholmodNewtonFactorization::Cholmod {
 public:
  Cholmod(const RowMatrix& jacobian, Eigen::Index trailing, Eigen::Index metis_from, FillOrderingMemory* ordering,
          const std::vector<std::uint64_t>* column_keys)
      : jacobian_(jacobian),
        dofs_(jacobian.cols()),
        trailing_(trailing),
        metis_from_(metis_from),
        ordering_(ordering),
        column_keys_(column_keys != nullptr && !column_keys->empty() ? column_keys : nullptr) {
    if (column_keys_ != nullptr && column_keys_->size() != static_cast<std::size_t>(dofs_)) {
      throw std::invalid_argument("CHOLMOD factorization: one column key per direction expected");
    }
    cholmod_start(&common_);
    common_.final_asis = 1;  // as analysed: supernodal LL' where that pays (CHOLMOD_AUTO)
    common_.supernodal = CHOLMOD_AUTO;
  }

  ~Cholmod() {
    cholmod_free_factor(&factor_, &common_);
    cholmod_free_factor(&symbolic_, &common_);
    cholmod_finish(&common_);
  }
  Cholmod(const Cholmod&) = delete;
  Cholmod& operator=(const Cholmod&) = delete;

  bool factorize(const Eigen::VectorXd& weights, const Eigen::VectorXd& diagonal) {
    if (!pattern_built_) build_pattern();
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
    cholmod_sparse lower = Eigen::viewAsCholmod(matrix_);
    lower.stype = -1;
    if (symbolic_ == nullptr && !analyse(lower)) return false;
    // An update turns the factor simplicial (LDL'); a fresh copy of the analysis factorizes
    // supernodally again.
    if (factor_ == nullptr || !factor_->is_super || adopted_) {
      adopted_ = false;
      cholmod_free_factor(&factor_, &common_);
      factor_ = cholmod_copy_factor(symbolic_, &common_);
      if (factor_ == nullptr) return false;
    }
    return cholmod_factorize(&lower, factor_, &common_) == 1 && factor_->minor == factor_->n;
  }

  // LDL' + C C' - D D', C and D the changed rows scaled by the root of their weight change.
  bool update(const std::vector<Eigen::Index>& rows, const Eigen::VectorXd& from, const Eigen::VectorXd& to) {
    if (factor_ == nullptr) return false;
    const CholmodThreads threads;
    for (const bool grows : {true, false}) {
      ColumnMatrix change = scaled_rows(rows, from, to, grows);
      if (change.cols() == 0) continue;
      cholmod_sparse view = Eigen::viewAsCholmod(change);
      if (cholmod_updown(grows ? 1 : 0, &view, factor_, &common_) != 1 || factor_->minor != factor_->n) return false;
    }
    return true;
  }

  Eigen::VectorXd solve(const Eigen::VectorXd& rhs) { return solve_mode(CHOLMOD_A, rhs); }

  void keep_only_the_factor() {
    pattern_built_ = false;
    matrix_ = ColumnMatrix();
    std::vector<ProductEntry>().swap(products_);
    std::vector<Eigen::Index>().swap(row_products_);
    std::vector<Eigen::Index>().swap(diagonal_entry_);
    cholmod_free_factor(&symbolic_, &common_);
  }

  // Its symbolic analysis (of the previous LCP's pattern) must not meet this LCP's matrix: the
  // factor is only updated, and the next factorization replaces it.
  bool adopt(Cholmod& previous) {
    if (previous.factor_ == nullptr || previous.trailing_ != trailing_ ||
        previous.factor_->n != static_cast<std::size_t>(dofs_)) {
      return false;
    }
    cholmod_free_factor(&factor_, &common_);
    factor_ = previous.factor_;
    previous.factor_ = nullptr;
    adopted_ = true;
    return true;
  }

  Eigen::VectorXd forward_solve(const Eigen::VectorXd& rhs) {
    Eigen::VectorXd permuted(rhs.size());
    const int* permutation = static_cast<const int*>(factor_->Perm);
    for (Eigen::Index k = 0; k < rhs.size(); ++k) permuted[k] = rhs[permutation[k]];
    return solve_mode(CHOLMOD_LD, permuted);
  }

  Eigen::VectorXd backward_solve(const Eigen::VectorXd& v) {
    const Eigen::VectorXd permuted = solve_mode(CHOLMOD_Lt, v);
    Eigen::VectorXd x(v.size());
    const int* permutation = static_cast<const int*>(factor_->Perm);
    for (Eigen::Index k = 0; k < v.size(); ++k) x[permutation[k]] = permuted[k];
    return x;
  }

  // Supernodal LL' (as factorized) or simplicial LDL' (after an update): column j of L in the
  // trailing positions, read from CHOLMOD's storage (cholmod_core.h, cholmod_factor).
  void trailing_block(Eigen::MatrixXd& lower, Eigen::VectorXd& diagonal, std::vector<Eigen::Index>& order) const {
    const Eigen::Index n = dofs_, first = n - trailing_;
    lower = Eigen::MatrixXd::Zero(trailing_, trailing_);
    diagonal = Eigen::VectorXd::Ones(trailing_);
    order.resize(static_cast<std::size_t>(trailing_));
    const int* permutation = static_cast<const int*>(factor_->Perm);
    for (Eigen::Index j = 0; j < trailing_; ++j) order[static_cast<std::size_t>(j)] = permutation[first + j] - first;
    const double* x = static_cast<const double*>(factor_->x);
    if (factor_->is_super) {
      const int* super = static_cast<const int*>(factor_->super);
      const int* pi = static_cast<const int*>(factor_->pi);
      const int* px = static_cast<const int*>(factor_->px);
      const int* s = static_cast<const int*>(factor_->s);
      for (std::size_t k = 0; k < factor_->nsuper; ++k) {
        if (super[k + 1] <= first) continue;
        const int rows = pi[k + 1] - pi[k];
        for (int column = std::max<int>(super[k], static_cast<int>(first)); column < super[k + 1]; ++column) {
          const double* values = x + px[k] + static_cast<std::ptrdiff_t>(column - super[k]) * rows;
          for (int r = 0; r < rows; ++r) {
            const int row = s[pi[k] + r];
            if (row >= column) lower(row - first, column - first) = values[r];
          }
        }
      }
      return;
    }
    const int* p = static_cast<const int*>(factor_->p);
    const int* i = static_cast<const int*>(factor_->i);
    const int* nz = static_cast<const int*>(factor_->nz);
    for (Eigen::Index column = first; column < n; ++column) {
      for (int k = p[column]; k < p[column] + nz[column]; ++k) lower(i[k] - first, column - first) = x[k];
    }
    if (!factor_->is_ll) {  // LDL': D on the diagonal, L's own diagonal is one
      diagonal = lower.diagonal();
      lower.diagonal().setOnes();
    }
  }

 private:
  // One product a * b of a row's entries, a's column >= b's: where it lands in matrix_'s values,
  // and the two Jacobian value indices. Located once so a factorization only accumulates.
  struct ProductEntry {
    Eigen::Index entry;
    Eigen::Index first;
    Eigen::Index second;
  };

  // The rows whose weight grows (or shrinks), as columns sqrt(|to - from|) R_r^T in the factor's
  // permuted order, which cholmod_updown expects.
  ColumnMatrix scaled_rows(const std::vector<Eigen::Index>& rows, const Eigen::VectorXd& from,
                           const Eigen::VectorXd& to, bool grows) const {
    // The factor's own order: an adopted factor was analysed for another LCP.
    std::vector<int> inverse_permutation(static_cast<std::size_t>(dofs_));
    const int* permutation = static_cast<const int*>(factor_->Perm);
    for (Eigen::Index k = 0; k < dofs_; ++k) inverse_permutation[permutation[k]] = static_cast<int>(k);
    std::vector<Eigen::Triplet<double>> entries;
    Eigen::Index column = 0;
    for (const Eigen::Index r : rows) {
      const double change = to[r] - from[r];
      if (grows ? !(change > 0.0) : !(change < 0.0)) continue;
      const double root = std::sqrt(std::abs(change));
      for (RowIterator it(jacobian_, r); it; ++it) {
        entries.emplace_back(inverse_permutation[it.col()], column, root * it.value());
      }
      ++column;
    }
    ColumnMatrix change(dofs_, column);
    change.setFromTriplets(entries.begin(), entries.end());
    change.makeCompressed();
    return change;
  }

  Eigen::VectorXd solve_mode(int mode, const Eigen::VectorXd& rhs) {
    const CholmodThreads threads;
    Eigen::VectorXd b = rhs;
    cholmod_dense view = Eigen::viewAsCholmod(b);
    cholmod_dense* x = cholmod_solve(mode, factor_, &view, &common_);
    Eigen::VectorXd solution = Eigen::VectorXd::Constant(rhs.size(), std::numeric_limits<double>::quiet_NaN());
    if (x != nullptr) {
      solution = Eigen::Map<const Eigen::VectorXd>(static_cast<const double*>(x->x), rhs.size());
      cholmod_free_dense(&x, &common_);
    }
    return solution;
  }

  // The symbolic analysis, once per pattern. From metis_from_ directions on, METIS' nested
  // dissection; below, CHOLMOD's default (AMD, which it keeps on these networks). Trailing
  // directions are moved last (CAMD below the threshold orders under that constraint), and
  // CHOLMOD takes the order as given, without the postorder that could move them.
  bool analyse(cholmod_sparse& lower) {
    const Eigen::Index n = matrix_.cols();
    const bool metis = n >= metis_from_;
    if (trailing_ == 0) {
      if (metis && analyse_with_remembered_order(lower)) return true;
      if (metis) {
        common_.nmethods = 1;
        common_.method[0].ordering = CHOLMOD_METIS;
      }
      symbolic_ = cholmod_analyze(&lower, &common_);
      if (metis && symbolic_ != nullptr) remember_order();
    } else {
      std::vector<int> permutation(static_cast<std::size_t>(n));
      if (metis) {
        if (cholmod_metis(&lower, nullptr, 0, 1, permutation.data(), &common_) != 1) return false;
        std::stable_partition(permutation.begin(), permutation.end(), [&](int k) { return k < n - trailing_; });
      } else {
        std::vector<int> member(static_cast<std::size_t>(n), 0);
        std::fill(member.end() - trailing_, member.end(), 1);
        if (cholmod_camd(&lower, nullptr, 0, member.data(), permutation.data(), &common_) != 1) return false;
      }
      common_.nmethods = 1;
      common_.method[0].ordering = CHOLMOD_GIVEN;
      common_.postorder = 0;
      symbolic_ = cholmod_analyze_p(&lower, permutation.data(), nullptr, 0, &common_);
    }
    if (symbolic_ == nullptr) return false;
    const int* permutation = static_cast<const int*>(symbolic_->Perm);
    for (Eigen::Index k = n - trailing_; k < n; ++k) {
      if (permutation[k] < n - trailing_) throw std::logic_error("CHOLMOD moved a trailing direction forward");
    }
    return true;
  }

  // The analysis with the remembered order (FillOrderingMemory), kept if it costs at most
  // kOrderingSlack times the flops of the analysis that order came from. CHOLMOD's postorder of
  // the given order is kept too (it changes neither fill nor flops).
  bool analyse_with_remembered_order(cholmod_sparse& lower) {
    std::vector<int> permutation;
    if (ordering_ == nullptr || !remembered_permutation(permutation)) return false;
    common_.nmethods = 1;
    common_.method[0].ordering = CHOLMOD_GIVEN;
    symbolic_ = cholmod_analyze_p(&lower, permutation.data(), nullptr, 0, &common_);
    if (symbolic_ != nullptr && common_.fl <= kOrderingSlack * ordering_->flops) {
      ++ordering_->reused_orderings;
      return true;
    }
    cholmod_free_factor(&symbolic_, &common_);
    return false;
  }

  std::uint64_t key(Eigen::Index column) const {
    return column_keys_ != nullptr ? (*column_keys_)[static_cast<std::size_t>(column)]
                                   : static_cast<std::uint64_t>(column);
  }

  // The remembered order in this LCP's columns; false unless it names exactly this LCP's directions.
  bool remembered_permutation(std::vector<int>& permutation) const {
    if (ordering_->order.size() != static_cast<std::size_t>(dofs_)) return false;
    std::unordered_map<std::uint64_t, int> column_of;
    column_of.reserve(static_cast<std::size_t>(dofs_));
    for (Eigen::Index c = 0; c < dofs_; ++c) column_of.emplace(key(c), static_cast<int>(c));
    permutation.reserve(static_cast<std::size_t>(dofs_));
    for (const std::uint64_t k : ordering_->order) {
      const auto found = column_of.find(k);
      if (found == column_of.end()) return false;
      permutation.push_back(found->second);
    }
    return true;
  }

  void remember_order() {
    if (ordering_ == nullptr) return;
    const int* permutation = static_cast<const int*>(symbolic_->Perm);
    ordering_->order.resize(static_cast<std::size_t>(dofs_));
    for (Eigen::Index k = 0; k < dofs_; ++k) ordering_->order[static_cast<std::size_t>(k)] = key(permutation[k]);
    ordering_->flops = common_.fl;
    ++ordering_->fresh_orderings;
  }

  // The pattern of diag + R^T W R for every W, and where each row's products land in it. Built at
  // the first factorization: a solve that continues from an adopted factor may never need it.
  void build_pattern() {
    std::vector<Eigen::Triplet<double>> pattern;
    for (Eigen::Index d = 0; d < dofs_; ++d) pattern.emplace_back(d, d, 0.0);
    for_each_lower_product(
        [&](Eigen::Index, const RowIterator& a, const RowIterator& b) { pattern.emplace_back(a.col(), b.col(), 0.0); });
    matrix_.resize(dofs_, dofs_);
    matrix_.setFromTriplets(pattern.begin(), pattern.end());
    matrix_.makeCompressed();
    locate_entries();
    pattern_built_ = true;
  }

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
  Eigen::Index dofs_;
  Eigen::Index trailing_;    // directions eliminated last
  Eigen::Index metis_from_;  // METIS orders from this many directions on
  ColumnMatrix matrix_;      // the lower triangle of the Newton matrix, once built
  bool pattern_built_ = false;
  cholmod_common common_;
  cholmod_factor* symbolic_ = nullptr;  // the analysis, kept to factorize supernodally again
  cholmod_factor* factor_ = nullptr;
  FillOrderingMemory* ordering_;                   // may be null
  const std::vector<std::uint64_t>* column_keys_;  // null: the column indices
  bool adopted_ = false;                           // factor_ was taken from another LCP's factorization (adopt)
  std::vector<Eigen::Index> diagonal_entry_;
  std::vector<Eigen::Index> row_products_;
  std::vector<ProductEntry> products_;
};

CholmodNewtonFactorization::CholmodNewtonFactorization(const RowMatrix& jacobian, Eigen::Index trailing,
                                                       Eigen::Index metis_from, FillOrderingMemory* ordering,
                                                       const std::vector<std::uint64_t>* column_keys)
    : impl_(std::make_unique<Cholmod>(jacobian, trailing, metis_from, ordering, column_keys)) {
  if (trailing < 0 || trailing > jacobian.cols()) {
    throw std::invalid_argument("CHOLMOD factorization: trailing directions out of range");
  }
}
CholmodNewtonFactorization::~CholmodNewtonFactorization() = default;

bool CholmodNewtonFactorization::factorize(const Eigen::VectorXd& row_weights, const Eigen::VectorXd& diagonal) {
  return impl_->factorize(row_weights, diagonal);
}

bool CholmodNewtonFactorization::update(const std::vector<Eigen::Index>& rows, const Eigen::VectorXd& from,
                                        const Eigen::VectorXd& to) {
  return impl_->update(rows, from, to);
}

Eigen::VectorXd CholmodNewtonFactorization::solve(const Eigen::VectorXd& rhs) { return impl_->solve(rhs); }

void CholmodNewtonFactorization::keep_only_the_factor() { impl_->keep_only_the_factor(); }

bool CholmodNewtonFactorization::adopt(NewtonFactorization& previous) {
  auto* cholmod = dynamic_cast<CholmodNewtonFactorization*>(&previous);
  return cholmod != nullptr && impl_->adopt(*cholmod->impl_);
}

Eigen::VectorXd CholmodNewtonFactorization::forward_solve(const Eigen::VectorXd& rhs) const {
  return impl_->forward_solve(rhs);
}

Eigen::VectorXd CholmodNewtonFactorization::backward_solve(const Eigen::VectorXd& v) const {
  return impl_->backward_solve(v);
}

void CholmodNewtonFactorization::trailing_block(Eigen::MatrixXd& lower, Eigen::VectorXd& diagonal,
                                                std::vector<Eigen::Index>& order) const {
  impl_->trailing_block(lower, diagonal, order);
}

}  // namespace relcp::collision
