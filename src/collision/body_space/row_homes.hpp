#pragma once
// Where the substructured factorization (substructured_factorization.hpp) assembles each row of
// R: on the lowest rank that owns one of the directions the row touches. A row between two ranks'
// bodies then makes only the higher rank's body an interface direction, one layer of bodies
// instead of two, and the interface's dense Schur complement costs about an eighth (its order
// cubed). Moves the rows once, and their weights at every factorization.

#include <mpi.h>

#include <Eigen/Core>
#include <vector>

#include "collision/body_space/local_jacobian_rows.hpp"

namespace relcp::collision {

class RowHomes {
 public:
  // Collective. Rank r owns the directions [direction_offsets[r], direction_offsets[r + 1]).
  RowHomes(MPI_Comm comm, const std::vector<tpetra::GlobalOrdinal>& direction_offsets, const LocalJacobianRows& own);

  // The rows this rank assembles: its own that stay, then those it received, by sending rank.
  const LocalJacobianRows& rows() const { return rows_; }

  // Values given per own row (in local row order), moved as the rows were: one per row of rows().
  // Collective.
  Eigen::VectorXd move(const Eigen::VectorXd& own) const;

 private:
  MPI_Comm comm_;
  std::vector<Eigen::Index> kept_;  // own rows that stay
  std::vector<Eigen::Index> sent_;  // own rows sent away, grouped by destination rank
  std::vector<int> send_counts_, send_offsets_, receive_counts_, receive_offsets_;  // rows per rank
  LocalJacobianRows rows_;
};

}  // namespace relcp::collision
