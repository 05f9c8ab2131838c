#pragma once
// The contact LCP written in the bodies' velocities, gathered on one rank for the augmented
// Lagrangian solver (docs/collision.md, "alm").
//
// The contact operator is A = s J M J^T with M block-diagonal and symmetric positive
// semidefinite (a monolayer's mobility is singular off the plane). Each body's block is
// diagonalised, M_b = Q_b diag(mu_b) Q_b^T, keeping the directions with mu > 0, so that
//   A = s R diag(mu) R^T,   R = J Q   (rows x mobile directions),
// and the LCP is the dual of the velocity problem
//   min_v  (s/2) v^T diag(mu)^-1 v   subject to   s R v + c >= 0,
// whose Hessian diag(mu)^-1 is diagonal and never singular.

#include <mpi.h>

#include <Eigen/Core>
#include <Eigen/SparseCore>
#include <cstdint>
#include <memory>
#include <vector>

#include "collision/assembly/contact_operator.hpp"
#include "collision/linalg/distributed_vector.hpp"

namespace relcp::collision {

struct BodySpaceLcp {
  Eigen::SparseMatrix<double, Eigen::RowMajor> jacobian;  // R = J Q, global rows in layout order
  Eigen::VectorXd mobility;                               // mu, one entry per column of R
  double scale = 1.0;                                     // s
  // Per column, a key that names its direction from LCP to LCP whatever the bodies' order:
  // 8 x the body's global id + the direction's index among the body's. Empty: the column indices.
  std::vector<std::uint64_t> column_keys;
};

// Collective over the operator's communicator; the result is filled on rank 0 only (empty on
// the others). Directions whose mobility is below 1e-12 times the block's largest are dropped.
BodySpaceLcp gather_body_space_lcp(const ContactOperator& op);

// The gathered LCP of a constraint matrix whose rows only grow (one epoch of
// DistributedConstraintMatrix: the LCPs of one ReLCP step). A gather that follows an earlier one of
// the same epoch sends only the rows appended since, and rank 0 copies the earlier rows and the
// bodies' mobile directions instead of rebuilding them.
class GrowingBodySpaceLcp {
 public:
  // Collective. `previous` (nullptr, or the same on every rank) is used where it holds an earlier
  // LCP of op's matrix, with the same bodies and operator scale, on every rank.
  GrowingBodySpaceLcp(const ContactOperator& op, const GrowingBodySpaceLcp* previous);
  ~GrowingBodySpaceLcp();
  GrowingBodySpaceLcp(const GrowingBodySpaceLcp&) = delete;
  GrowingBodySpaceLcp& operator=(const GrowingBodySpaceLcp&) = delete;

  const BodySpaceLcp& lcp() const { return lcp_; }  // rank 0 (empty elsewhere)
  BodySpaceLcp release_lcp() && { return std::move(lcp_); }
  // Rank 0: each rank's rows, in the LCP's order (rank by rank).
  const std::vector<int>& rank_rows() const { return rank_rows_; }
  // Whether this LCP was gathered as `previous` plus appended rows: `previous`'s rows are, rank by
  // rank, the first rows of this LCP's, entry for entry.
  bool grew_from(const GrowingBodySpaceLcp& previous) const { return grew_from_ == &previous; }

 private:
  struct Bodies;
  // Collective: every body's mobile directions, on rank 0 (empty elsewhere).
  static std::shared_ptr<const Bodies> gather_bodies(const ContactOperator& op);

  BodySpaceLcp lcp_;
  std::vector<int> rank_rows_;
  std::shared_ptr<const Bodies> bodies_;  // rank 0: the mobile directions of every body, shared along the epoch
  std::uint64_t epoch_ = 0;
  std::size_t local_rows_ = 0;
  const GrowingBodySpaceLcp* grew_from_ = nullptr;
};

// Collective. The entries of x in global order on rank 0 (empty on the others).
Eigen::VectorXd gather_to_root(const DistributedVector& x);
// Collective. x's local entries from `global`, which only rank 0 reads (global layout order).
void scatter_from_root(const Eigen::VectorXd& global, DistributedVector& x);

}  // namespace relcp::collision
