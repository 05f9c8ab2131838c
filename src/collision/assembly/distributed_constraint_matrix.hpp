#pragma once
// The constraint Jacobian in row form, J = D^T (Palmer et al. 2025, eq. (19); docs/collision.md:
// one row per constraint,
// 6 columns per body for [u, omega]), distributed over the ranks as Tpetra objects:
//
//   body layout (domain)   6 DOFs per owned body, global DOF 6 id + k, bodies by increasing id;
//   constraint layout      every row so far, contiguous per rank, local order generation-major
//                          and by sort_key (pairs by body A, body B, creation index, then walls)
//                          within one;
//   column map             the owned DOFs followed by the DOFs of the ghost bodies the rows
//                          touch, with one Tpetra::Import from the body layout.
//
// Each generation (the first LCP of a step, then one per ReLCP iteration) is its own
// Tpetra::CrsMatrix (rows of that generation x column DOFs). Appending a generation builds only
// that matrix and the constraint layout; the body map, the column map and its Import are reused,
// and the column map is extended (never reordered) only when the new rows touch a ghost body it
// lacks. reset() starts a new step and keeps the body map, column map and Import when no rank's
// owned bodies changed. docs/collision.md lists what is rebuilt when.
//
// A constraint is owned by the rank that appends it (by convention the owner of body A, as the
// neighbour search assigns pairs); its bodies must be owned by some rank. All member functions
// documented as collective must be called by every rank of the communicator.

#include <mpi.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "collision/assembly/constraint_record.hpp"
#include "collision/assembly/constraint_set.hpp"
#include "collision/linalg/distributed_vector.hpp"

namespace relcp::collision {

// How often each Tpetra structure was built (this rank's view; equal on every rank).
struct AssemblyCounts {
  int body_maps = 0;    // body (domain) maps
  int column_maps = 0;  // column maps, each with its Import
  int row_blocks = 0;   // generation matrices, one per append
};

// One non-zero of J on this rank: its local row (in the constraint layout), the global id of the
// body it acts on (a ghost's owner id) and the DOF (0-2 force, 3-5 torque) of that body.
struct ConstraintEntry {
  std::size_t row = 0;
  GlobalId body = kNoBody;
  int dof = 0;
  double value = 0.0;
};

class DistributedConstraintMatrix {
 public:
  struct Impl;

  // Collective. `owned_body_ids`: this rank's bodies, strictly increasing, disjoint across ranks.
  DistributedConstraintMatrix(MPI_Comm comm, std::vector<GlobalId> owned_body_ids);
  ~DistributedConstraintMatrix();
  DistributedConstraintMatrix(DistributedConstraintMatrix&&) noexcept;
  DistributedConstraintMatrix& operator=(DistributedConstraintMatrix&&) noexcept;

  // Collective. Drops every constraint (a new step); keeps the body map, the column map and its
  // Import when the owned bodies are unchanged on every rank.
  void reset(std::vector<GlobalId> owned_body_ids);

  // Collective. Appends this rank's new constraints (any order, possibly none) as one generation
  // and returns its index. Throws std::invalid_argument (ConstraintSet's checks) and, on every
  // rank, std::invalid_argument when some rank's rows touch a body that no rank owns.
  int append(std::vector<ConstraintRecord> records);

  MPI_Comm comm() const;
  const ConstraintSet& constraints() const;
  const std::vector<GlobalId>& owned_body_ids() const;
  const VectorLayout& body_layout() const;
  const VectorLayout& constraint_layout() const;
  std::int64_t global_constraint_count() const;
  int generation_count() const;
  // Changes whenever the rows are dropped (construction, reset), never on append: within one
  // epoch the generations only grow and the column map is only extended.
  std::uint64_t epoch() const;
  AssemblyCounts assembly_counts() const;
  // This rank's non-zeros of J in its rows from first_row on (local indices), rows in increasing
  // order.
  std::vector<ConstraintEntry> local_entries(std::size_t first_row = 0) const;

  // Collective. rates = J U: d phi / dt of every row under the body velocities U (body layout),
  // by Tpetra's sparse products, one per generation.
  void multiply(const DistributedVector& velocities, DistributedVector& rates) const;
  // Collective. The rows of the newest generation only (the others of `rates` are left as they
  // are): what a ReLCP append needs, without the product over every earlier row.
  void multiply_newest(const DistributedVector& velocities, DistributedVector& rates) const;
  // Collective. forces = J^T gamma = D gamma: the forces and torques on the owned bodies (body
  // layout) of the constraint forces gamma (constraint layout), by Tpetra's transposed products.
  void multiply_transpose(const DistributedVector& gamma, DistributedVector& forces) const;

  const Impl& impl() const { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace relcp::collision
