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

#include "collision/assembly/contact_operator.hpp"
#include "collision/linalg/distributed_vector.hpp"

namespace relcp::collision {

struct BodySpaceLcp {
  Eigen::SparseMatrix<double, Eigen::RowMajor> jacobian;  // R = J Q, global rows in layout order
  Eigen::VectorXd mobility;                               // mu, one entry per column of R
  double scale = 1.0;                                     // s
};

// Collective over the operator's communicator; the result is filled on rank 0 only (empty on
// the others). Directions whose mobility is below 1e-12 times the block's largest are dropped.
BodySpaceLcp gather_body_space_lcp(const ContactOperator& op);

// Collective. The entries of x in global order on rank 0 (empty on the others).
Eigen::VectorXd gather_to_root(const DistributedVector& x);
// Collective. x's local entries from `global`, which only rank 0 reads (global layout order).
void scatter_from_root(const Eigen::VectorXd& global, DistributedVector& x);

}  // namespace relcp::collision
