#pragma once
// The Newton systems H dv = rhs of a body-space method, H = diag(diagonal) + R^T diag(row_weights) R,
// with as few factorizations as serve (docs/collision_alm.md, "Factorizations"):
//   - a matrix equal to the one last factorized keeps that factorization (alm's Newton steps and
//     multiplier updates that leave the active rows and the penalty unchanged);
//   - with `reuse_iterations` k > 0, a matrix whose row weights changed in fewer than k rows (and
//     whose diagonal did not change) is solved by conjugate gradients preconditioned by the last
//     factorization, which converge in about one iteration per changed row; only when k
//     iterations do not reach the tolerance is H refactorized;
//   - with `update_fraction` f > 0 and a factorization that can be modified (CHOLMOD's, not
//     MUMPS'), a matrix whose row weights changed in at most f times the LCP's rows (and whose
//     diagonal did not change) modifies the factorization by rank-k updates and downdates of
//     those rows (NewtonFactorization::update, cholmod_updown) instead of refactorizing; the
//     stale-factorization solves above are then not used. Solves on a modified factorization
//     are conjugate gradients preconditioned by it (the downdates' rounding makes it
//     approximate; they take one iteration on the colony, accepted on its 2-norm backward error
//     without a second triangular solve), and one that no longer serves within
//     kUpdatedSolveIterations is replaced by a fresh factorization.
// Without reuse every solve is direct with one step of iterative refinement: H is as
// ill-conditioned as the penalty or barrier is stiff, and the methods amplify the error of dv.
// Every member function is collective over the space's ranks and returns the same on each.

#include <Eigen/Core>
#include <memory>
#include <vector>

#include "collision/body_space/body_space.hpp"

namespace relcp::collision {

// How a Newton system avoids factorizations (above): conjugate-gradient iterations on a stale
// factorization, and the fraction of the LCP's rows that may change in an update.
struct NewtonReuse {
  NewtonReuse(int iterations_ = 0, double update_fraction_ = 0.0)  // NOLINT: an int reads as iterations
      : iterations(iterations_), update_fraction(update_fraction_) {}
  int iterations;          // >= 0
  double update_fraction;  // in [0, 1]
};

class NewtonSystem {
 public:
  // Keeps a reference to `space`. std::invalid_argument for reuse out of its ranges.
  NewtonSystem(const BodySpace& space, NewtonReuse reuse);

  // The matrix of the next solves; row_weights >= 0 on this rank's rows, diagonal > 0 on its
  // velocity entries. Factorizes now unless the last factorization serves or may serve (above).
  // False when a factorization failed.
  bool set_matrix(const Eigen::VectorXd& row_weights, const Eigen::VectorXd& diagonal);

  // H^-1 rhs for the matrix last set. False when a factorization it needed failed.
  bool solve(const Eigen::VectorXd& rhs, Eigen::VectorXd& solution);

  // Takes over the last factorization of `previous`, a Newton system of an LCP whose row r is row
  // new_row[r] of this one with the same entries, on the same directions (ReLCP's re-solve): the
  // next set_matrix updates it (or factorizes) as if this system had made it, the new rows at
  // weight zero. A gathered LCP on one process, or substructured on every rank together
  // (SubstructuredFactorization::adopt). False (nothing taken) when `previous` has no
  // factorization or the factorization cannot be adopted. Not counted as a factorization.
  bool adopt(NewtonSystem& previous, const std::vector<Eigen::Index>& new_row);
  // Frees what only further factorizations need (NewtonFactorization::keep_only_the_factor):
  // afterwards the system can only be adopted from.
  void keep_only_the_factor() { factorization_->keep_only_the_factor(); }

  int factorizations() const { return factorizations_; }
  int updates() const { return updates_; }                      // factorizations modified by rank-k updates instead
  int reused_solves() const { return reused_solves_; }          // solves by PCG on a stale or updated factor
  int krylov_iterations() const { return krylov_iterations_; }  // PCG iterations over them
  int factorization_solves() const { return factorization_solves_; }  // triangular solve pairs, all solves

 private:
  Eigen::VectorXd product(const Eigen::VectorXd& x) const;  // H x, the matrix last set
  bool factorize();
  Eigen::VectorXd factorization_solve(const Eigen::VectorXd& rhs);  // with the last factorization, counted
  Eigen::VectorXd direct_solve(const Eigen::VectorXd& rhs);
  // The factorization modified for the changed rows (a matrix of at most update_rows_ changed
  // rows); false when it could not be.
  bool update();
  // PCG from x = 0 preconditioned by the stale or updated factorization; false after `limit`.
  bool preconditioned_solve(const Eigen::VectorXd& rhs, Eigen::VectorXd& x, int limit);

  const BodySpace& space_;
  int reuse_iterations_;
  double update_fraction_;
  std::unique_ptr<NewtonFactorization> factorization_;
  Eigen::VectorXd row_weights_, diagonal_;                        // H as last set
  Eigen::VectorXd factorized_row_weights_, factorized_diagonal_;  // H as last factorized
  bool factorized_ = false;                                       // a factorization exists
  bool current_ = false;                                          // ... and it is of the matrix last set
  bool updated_ = false;                                          // ... modified by updates since it was computed
  int factorizations_ = 0;
  int updates_ = 0;
  int reused_solves_ = 0;
  int krylov_iterations_ = 0;
  int factorization_solves_ = 0;
};

}  // namespace relcp::collision
