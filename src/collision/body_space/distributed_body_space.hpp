#pragma once
// The body space of a ContactOperator, distributed like it (docs/collision_alm.md): each rank
// keeps its own constraint rows of R = J Q and the mobile directions of its owned bodies, and
// nothing is gathered. Each body's mobility block is diagonalised, M_b = Q_b diag(mu_b) Q_b^T,
// keeping the directions with mu > 1e-12 max(mu_b) (a monolayer keeps its in-plane ones); the
// owners send the ghost bodies' Q_b once. Products with R and R^T are Tpetra sparse products with
// their halo exchanges; the Newton matrix is assembled from each rank's own rows, without a
// gather, and factorized by MUMPS (mumps_symmetric_solver.hpp) or by substructuring, CHOLMOD on
// each rank and the interface's Schur complement (substructured_factorization.hpp).

#include <memory>

#include "collision/assembly/contact_operator.hpp"
#include "collision/body_space/body_space.hpp"

namespace relcp::collision {

enum class DistributedFactorization { mumps, substructured };

// Collective over the operator's communicator. The operator must outlive the space.
std::unique_ptr<BodySpace> make_distributed_body_space(
    const ContactOperator& op, DistributedFactorization factorization = DistributedFactorization::mumps);

// Whether `later`'s rows on this rank begin with all of `earlier`'s, with the same entries on the
// same mobile directions (two distributed spaces of one step, where ReLCP only appends rows).
// False where either is not a distributed space. Local: reduce it over the ranks.
bool rows_extend(const BodySpace& earlier, const BodySpace& later);

}  // namespace relcp::collision
