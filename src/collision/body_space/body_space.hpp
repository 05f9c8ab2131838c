#pragma once
// The contact LCP written in the bodies' mobile velocities, as a body-space Newton method sees it
// on one rank (docs/collision_alm.md):
//
//   A = s R diag(mu) R^T,   R = J Q   (constraint rows x mobile directions of the bodies),
//
// restricted to this rank's share: its constraint rows (row vectors have local_rows() entries,
// in the constraint layout's local order) and the mobile directions of its owned bodies
// (velocity vectors have mobility().size() entries). Products with R and R^T exchange the halo
// themselves; reductions run over the ranks that share the space. Every member function is
// collective over those ranks and returns the same reduced values on each.
//
// Two implementations: SerialBodySpace (one process holds everything, CHOLMOD factorizations)
// and the distributed space of distributed_body_space.hpp (Tpetra products, MUMPS).

#include <Eigen/Core>
#include <memory>
#include <vector>

namespace relcp::collision {

// The Newton matrix H = diag(diagonal) + R^T diag(row_weights) R of the body-space methods,
// symmetric positive definite when diagonal > 0, and its factorization.
class NewtonFactorization {
 public:
  virtual ~NewtonFactorization() = default;
  // row_weights >= 0 on this rank's rows, diagonal > 0 on its velocity entries. The pattern is
  // that of diag + R^T R whatever the weights, so it is analysed once. False (on every rank)
  // when the factorization fails.
  virtual bool factorize(const Eigen::VectorXd& row_weights, const Eigen::VectorXd& diagonal) = 0;
  // Whether update() can modify a factorization (the same on every rank).
  virtual bool can_update() const { return false; }
  // Modifies the last factorization into that of H with the weights `to` instead of `from` in
  // the listed rows (this rank's), the diagonal unchanged. Rounding in the downdates makes the
  // result an approximation: solve with it as a preconditioner. False when it failed; the
  // factorization may then be half modified and must be refactorized.
  virtual bool update(const std::vector<Eigen::Index>& rows, const Eigen::VectorXd& from, const Eigen::VectorXd& to) {
    (void)rows, (void)from, (void)to;
    return false;
  }
  // H^-1 rhs on this rank's velocity entries, with the last factorization.
  virtual Eigen::VectorXd solve(const Eigen::VectorXd& rhs) = 0;
  // Takes over `previous`'s last factorization (or update) as its own, to be updated from: a
  // factorization of another LCP on the same directions whose rows are rows of this one with the
  // same entries. `previous` is left without one. False (nothing taken) where not supported.
  virtual bool adopt(NewtonFactorization& previous) {
    (void)previous;
    return false;
  }
  // Frees what only further factorizations need, keeping the factor for adopt() and solve().
  virtual void keep_only_the_factor() {}
};

class BodySpace {
 public:
  virtual ~BodySpace() = default;

  virtual Eigen::Index local_rows() const = 0;
  virtual const Eigen::VectorXd& mobility() const = 0;  // mu > 0 of this rank's directions
  virtual double scale() const = 0;                     // s

  virtual Eigen::VectorXd multiply(const Eigen::VectorXd& velocities) const = 0;      // R v
  virtual Eigen::VectorXd multiply_transpose(const Eigen::VectorXd& rows) const = 0;  // R^T g
  // values[0..count) summed over the ranks, in place.
  virtual void sum(double* values, int count) const = 0;
  virtual double max(double local) const = 0;  // over the ranks

  virtual std::unique_ptr<NewtonFactorization> newton_factorization() const = 0;

  double sum(double local) const {
    sum(&local, 1);
    return local;
  }
  double dot(const Eigen::VectorXd& a, const Eigen::VectorXd& b) const { return sum(a.dot(b)); }
  // ||x||_inf over the ranks (0 for an empty vector).
  double max_abs(const Eigen::VectorXd& x) const { return max(x.size() > 0 ? x.cwiseAbs().maxCoeff() : 0.0); }
  // A gamma = s R diag(mu) R^T gamma on this rank's rows.
  Eigen::VectorXd contact_product(const Eigen::VectorXd& gamma) const {
    return scale() * multiply(mobility().cwiseProduct(multiply_transpose(gamma)));
  }
};

// One iteration of a body-space method on an LCP, collective, with the same outcome on every
// rank: `stalled` when it can make no more progress, `failed` when a factorization failed or a
// value is not finite.
enum class BodySpaceStep { stepped, stalled, failed };

class NewtonSystem;  // newton_system.hpp

class BodySpaceMethod {
 public:
  virtual ~BodySpaceMethod() = default;
  virtual BodySpaceStep step() = 0;
  // This rank's rows of the current multiplier estimate, >= 0.
  virtual const Eigen::VectorXd& multipliers() const = 0;
  // Its Newton systems, for their counts (factorizations, reused solves).
  virtual const NewtonSystem& newton_system() const = 0;
  // Continues from `previous`, a method of the same kind that solved an LCP whose rows are rows of
  // this one (row r of it is row new_row[r] here, with the same entries) on the same directions:
  // takes its last factorization and penalty (ReLCP's re-solves, docs/collision_alm.md). Call
  // before the first step. False (nothing taken) where the method cannot.
  virtual bool continue_from(BodySpaceMethod& previous, const std::vector<Eigen::Index>& new_row) {
    (void)previous, (void)new_row;
    return false;
  }
  // Frees what only further steps need, keeping what continue_from takes.
  virtual void keep_only_what_continues() {}
};

// lambda_max of A = s R diag(mu) R^T by power iteration (an estimate from below, within a few
// per cent after `iterations` steps on contact matrices). Collective.
double largest_eigenvalue(const BodySpace& space, int iterations = 30);

}  // namespace relcp::collision
