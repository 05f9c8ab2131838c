#pragma once
// What the device needs of a ContactOperator (contact_operator.hpp) on one rank, as views into
// the host arrays the CPU operator itself uses, and the host side of its halo exchanges (also
// what the rank-block nsgs sweeps use, body_space/rank_block_nsgs.cpp). C++17; the Tpetra objects
// stay in the .cpp.
//
// The device applies A gamma = scale J M J^T gamma in the CPU operator's three passes and in the
// same summation order (contact_kernels.cpp): the forces of every column body gathered from its
// incident rows, generation after generation; the mobility blocks on the owned bodies; the rows'
// products with the column velocities.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace relcp::collision {

class ContactOperator;

// One generation's rows of J on this rank (views, valid while the matrix is unchanged).
struct GenerationRows {
  std::size_t rows = 0;
  std::size_t first_row = 0;  // in this rank's constraint layout
  std::size_t entries = 0;
  const std::size_t* row_offsets = nullptr;  // rows + 1
  const int* columns = nullptr;              // local column DOF of each entry
  const double* values = nullptr;
  // Per column body c < column_bodies: incidences incidence_begin[c] .. [c + 1], each a row of
  // this generation and the first of that row's six entries on c.
  std::size_t column_bodies = 0;
  const int* incidence_begin = nullptr;
  const int* incidence_row = nullptr;
  const int* incidence_entry = nullptr;
};

struct LocalContactRows {
  std::uint64_t epoch = 0;        // DistributedConstraintMatrix::epoch
  std::size_t rows = 0;           // this rank's constraint rows, every generation
  std::size_t owned_bodies = 0;   // the column bodies' prefix
  std::size_t column_bodies = 0;  // owned then ghost bodies; 6 DOFs each
  std::vector<GenerationRows> generations;
  // BlockDiagonalMobility::stored_values: 6 numbers per owned body when diagonal, else 36.
  bool diagonal_mobility = true;
  const double* mobility = nullptr;
  std::size_t mobility_values = 0;
  double scale = 0.0;
};

// This rank's part of `op` as it stands (every generation appended so far). Not collective.
LocalContactRows local_contact_rows(const ContactOperator& op);

// The two halo exchanges of one application, on host arrays of the column DOFs (owned prefix,
// ghost suffix). Needed only on more than one rank.
class HostHalo {
 public:
  explicit HostHalo(const ContactOperator& op);
  ~HostHalo();
  HostHalo(const HostHalo&) = delete;
  HostHalo& operator=(const HostHalo&) = delete;

  bool needed() const;  // the communicator has more than one rank
  // Host arrays of column_dofs() entries; null on one rank.
  double* column_forces();
  double* column_velocities();
  std::size_t column_dofs() const;
  std::size_t owned_dofs() const;
  // Collective. The owned prefix of column_forces() += the ghost forces other ranks hold for
  // this rank's bodies (Tpetra Export, ADD).
  void add_ghost_forces();
  // Collective. The ghost suffix of column_velocities() := the owners' velocities (Import).
  void fill_ghost_velocities();
  // The other ranks that own a ghost body of this rank or hold one of its bodies as a ghost
  // (sorted, each once); empty on one rank.
  std::vector<int> neighbor_ranks() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace relcp::collision
