#pragma once
// What the device needs of a ContactOperator (contact_operator.hpp) on one rank, as plain
// arrays, and the host side of its halo exchanges. C++17; the Tpetra objects stay in the .cpp.
//
// The device applies A gamma = scale J M J^T gamma in the CPU operator's three passes and in the
// same summation order: the forces of every column body gathered from its incident rows, the
// mobility blocks on the owned bodies, the rows' products with the column velocities.

#include <cstddef>
#include <memory>
#include <vector>

namespace relcp::collision {

class ContactOperator;

struct LocalContactRows {
  std::size_t rows = 0;           // this rank's constraint rows, every generation
  std::size_t owned_bodies = 0;   // the column bodies' prefix
  std::size_t column_bodies = 0;  // owned then ghost bodies; 6 DOFs each
  // J by rows (CSR over the column DOFs), the generations one after the other.
  std::vector<int> row_offsets;  // rows + 1
  std::vector<int> columns;
  std::vector<double> values;
  // J by column bodies: for body c, entries body_offsets[c] .. body_offsets[c + 1] name a row
  // and the first of that row's six entries on c (into `values`), in the CPU gather's order.
  std::vector<int> body_offsets;  // column_bodies + 1
  std::vector<int> body_rows;
  std::vector<int> body_entries;
  // Mobility blocks of the owned bodies: 6 numbers per body when diagonal, else 36 (row-major).
  bool diagonal_mobility = true;
  std::vector<double> mobility;
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

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace relcp::collision
