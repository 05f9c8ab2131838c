#pragma once
// The Newton matrix H = diag + R^T diag(w) R of the distributed body space, factorized by
// substructuring (docs/collision_alm.md, "Substructured factorization"): each rank factorizes, with
// CHOLMOD, the share K_p of H assembled from its own rows (and its share of the diagonal), with
// the interface directions (those that the rows of two or more ranks touch) eliminated last; the
// trailing blocks of the factors hold the ranks' Schur complements S_p, whose sum S, the
// interface's Schur complement of H, every rank factorizes densely. A solve is a forward
// substitution on each rank, a sum over the ranks and a dense solve on the interface, and a back
// substitution on each rank. Rank-k updates and downdates modify the local factors (and S is
// summed again), as for the gathered CHOLMOD factorization. Internal to the distributed space
// (compiled as C++17 with Tpetra).

#include <mpi.h>

#include <memory>

#include "collision/body_space/body_space.hpp"
#include "collision/body_space/local_jacobian_rows.hpp"

namespace relcp::collision {

// Collective over `comm`, the communicator of `directions` (this rank's mobile directions, the
// distribution of the diagonal and of the right-hand sides and solutions). Copies what it needs
// of `rows`.
std::unique_ptr<NewtonFactorization> make_substructured_factorization(MPI_Comm comm,
                                                                      const Teuchos::RCP<const tpetra::Map>& directions,
                                                                      const LocalJacobianRows& rows);

}  // namespace relcp::collision
