#pragma once
// The Newton matrix diag + R^T diag(w) R of a whole body-space LCP on one process (or of one
// rank's share of it, substructured_factorization.hpp), factorized by CHOLMOD's supernodal
// Cholesky (SuiteSparse), which rank-k updates and downdates modify when few row weights change.

#include <Eigen/SparseCore>
#include <Eigen/Dense>
#include <cstdint>
#include <memory>
#include <vector>

#include "collision/body_space/body_space.hpp"

namespace relcp::collision {

// A fill-reducing order kept from LCP to LCP (docs/collision_alm.md, "Orderings kept from LCP to
// LCP"): the last METIS order, as the keys of its directions (BodySpaceLcp::column_keys) in
// elimination order, and the flops CHOLMOD counted for it. A later analysis of an LCP with the same
// directions (in any column order) tries it first and keeps it while it needs at most
// kOrderingSlack times those flops; otherwise it orders afresh and replaces it. The colony's
// consecutive LCPs differ by a few rows and pairs, on the same bodies.
struct FillOrderingMemory {
  std::vector<std::uint64_t> order;
  double flops = 0.0;
  int fresh_orderings = 0;   // METIS orderings computed
  int reused_orderings = 0;  // analyses that kept the remembered one
};

class CholmodNewtonFactorization final : public NewtonFactorization {
 public:
  // Keeps a reference to `jacobian` (R, rows x mobile directions).
  // `ordering` (may be null, else kept by reference): the order to try where METIS would order,
  // with `column_keys` naming the columns (null or empty: the column indices; else kept by reference).
  explicit CholmodNewtonFactorization(const Eigen::SparseMatrix<double, Eigen::RowMajor>& jacobian,
                                      FillOrderingMemory* ordering = nullptr,
                                      const std::vector<std::uint64_t>* column_keys = nullptr)
      : CholmodNewtonFactorization(jacobian, 0, kMetisDirections, ordering, column_keys) {}
  // With `trailing` > 0 the last `trailing` directions (columns of R) are eliminated last, so
  // that the trailing block of the factor holds their Schur complement: H = P' L D L' P with the
  // trailing directions in the last positions of P's order. From `metis_from` directions on the
  // ordering is METIS' nested dissection (with the trailing directions moved last), below it
  // CHOLMOD's default (CAMD under the trailing constraint).
  CholmodNewtonFactorization(const Eigen::SparseMatrix<double, Eigen::RowMajor>& jacobian, Eigen::Index trailing,
                             Eigen::Index metis_from = kMetisDirections, FillOrderingMemory* ordering = nullptr,
                             const std::vector<std::uint64_t>* column_keys = nullptr);

  // The default of metis_from: on the colony's 24,576 directions (8,192 cells) METIS' ordering
  // needed 23 % fewer flops than the AMD ordering CHOLMOD picks by default, and the step was
  // 13-16 % faster; at 12,288 (4,096 cells) the two were even (docs/collision_alm.md,
  // "Substructured factorization").
  static constexpr Eigen::Index kMetisDirections = 16384;
  // How many times the flops of its own METIS analysis a remembered order may cost before the
  // matrix is ordered afresh.
  static constexpr double kOrderingSlack = 1.1;
  ~CholmodNewtonFactorization() override;

  bool factorize(const Eigen::VectorXd& row_weights, const Eigen::VectorXd& diagonal) override;
  // cholmod_updown on the last factorization (which it turns into a simplicial LDL'; the next
  // factorize is supernodal again).
  bool can_update() const override { return true; }
  bool update(const std::vector<Eigen::Index>& rows, const Eigen::VectorXd& from, const Eigen::VectorXd& to) override;
  Eigen::VectorXd solve(const Eigen::VectorXd& rhs) override;
  // Takes `previous`'s factor (a CholmodNewtonFactorization of as many directions and as many
  // trailing ones, which must be the same directions); cholmod_updown extends the factor's pattern
  // where this LCP's new rows need it. The next factorize starts again from this LCP's own analysis.
  bool adopt(NewtonFactorization& previous) override;
  void keep_only_the_factor() override;

  // The pieces of a solve, for a Schur complement on the trailing directions (D = I for LL'):
  // w = (L D)^-1 P rhs, in the factor's order; and x = P' L'^-1 v from v in the factor's order.
  Eigen::VectorXd forward_solve(const Eigen::VectorXd& rhs) const;
  Eigen::VectorXd backward_solve(const Eigen::VectorXd& v) const;
  // The trailing block of L and of D (the last `trailing` positions of the factor's order) of the
  // last factorization or update: their Schur complement is lower diag(diagonal) lower'.
  // order[j] is the trailing direction (0-based among them) at trailing position j.
  void trailing_block(Eigen::MatrixXd& lower, Eigen::VectorXd& diagonal, std::vector<Eigen::Index>& order) const;

 private:
  class Cholmod;  // CHOLMOD's headers stay in the .cpp
  std::unique_ptr<Cholmod> impl_;
};

}  // namespace relcp::collision
