#pragma once
// The matrix of the contact LCP 0 <= gamma  _|_  A gamma + c >= 0 (Palmer et al. 2025, eqs.
// (17)-(18); docs/collision.md),
// applied matrix-free as a Tpetra::Operator:
//
//   A gamma = scale * J M J^T gamma,   J = D^T the constraint rows, M block-diagonal,
//   scale = dt  with M the mobility      (overdamped: A = dt D^T M D),
//   scale = dt^2 with M the inverse mass (inertial:   A = dt^2 D^T M^-1 D).
//
// One application: F = J^T gamma gathered per column body (owned and ghost), ghost parts summed
// into their owners (Tpetra::Export, ADD); U = M F on the owned bodies; U copied to the ghosts
// (Tpetra::Import); (A gamma)_r = scale * J_r U. Two sparse products, one block-diagonal scaling,
// one reverse and one forward halo exchange; A is never formed. A is symmetric positive
// semidefinite, so the transposed application is the same.

#include <cstddef>
#include <memory>

#include "collision/assembly/block_diagonal_mobility.hpp"
#include "collision/assembly/distributed_constraint_matrix.hpp"
#include "collision/linalg/distributed_linear_operator.hpp"

namespace relcp::collision {

class ContactOperator final : public DistributedLinearOperator {
 public:
  // Keeps references: `matrix` and `mobility` must outlive the operator. Generations appended to
  // the matrix later are included in every later application. Throws std::invalid_argument
  // unless mobility has one block per owned body and scale > 0.
  ContactOperator(const DistributedConstraintMatrix& matrix, const BlockDiagonalMobility& mobility, double scale);
  ~ContactOperator() override;

  VectorLayout layout() const override;  // the matrix's current constraint layout
  void apply(const DistributedVector& gamma, DistributedVector& out) const override;
  // y = S A S x with the scaling in the two sparse passes (no vector passes of its own).
  bool apply_symmetrically_scaled(const DistributedVector& s, const DistributedVector& x,
                                  DistributedVector& y) const override;
  std::shared_ptr<const TpetraOperatorHandle> tpetra() const override;

  // Collective. velocities = M J^T gamma = M D gamma on the owned bodies (body layout): the
  // velocities (overdamped) or, times dt, the velocity change (inertial) the forces produce.
  void constraint_velocities(const DistributedVector& gamma, DistributedVector& velocities) const;

  // Collective. diagonal_r = A_rr = scale * sum_b J_rb M_b J_rb^T for this rank's rows, exact;
  // the ghost bodies' mobility blocks are imported once per call (one halo exchange of 36
  // numbers per ghost body). diagonal must have layout().
  void diagonal(DistributedVector& diagonal) const;

  double scale() const;
  const DistributedConstraintMatrix& matrix() const { return matrix_; }
  const BlockDiagonalMobility& mobility() const { return mobility_; }
  // The bytes one application reads and writes on this rank under a streaming model (each array
  // once per pass that reads it): the rows twice (the transposed gather and the row product; the
  // compact rows, or J's values, column indices, row offsets and the gather's incidence lists),
  // the mobility blocks, gamma, A gamma and the four body-sized work vectors.
  std::size_t bytes_per_application() const;
  // Applies the CSR rows even where every generation has the compact ones (docs/collision.md,
  // "The operator's compact rows"): for benchmarks that time the two forms side by side.
  void use_csr_rows(bool csr);

 private:
  class Implementation;  // a Tpetra::Operator (contact_operator.cpp)
  const DistributedConstraintMatrix& matrix_;
  const BlockDiagonalMobility& mobility_;
  std::shared_ptr<Implementation> impl_;
};

}  // namespace relcp::collision
