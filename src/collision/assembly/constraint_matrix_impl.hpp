#pragma once
// Internal: the Tpetra state of a DistributedConstraintMatrix, shared by the two translation
// units that use it (distributed_constraint_matrix.cpp builds it, contact_operator.cpp applies
// it). C++17 only, like every file that includes Trilinos headers.

#include <Tpetra_CrsMatrix.hpp>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "collision/assembly/contact_kernels.hpp"
#include "collision/assembly/distributed_constraint_matrix.hpp"
#include "collision/assembly/pair_rows.hpp"
#include "collision/linalg/tpetra_handles.hpp"

namespace relcp::collision {

namespace tpetra {
using CrsMatrix = Tpetra::CrsMatrix<double>;
using LocalMatrix = CrsMatrix::local_matrix_device_type;
}  // namespace tpetra

// The rows of one generation: a Tpetra::CrsMatrix over the column map that was current when it
// was built (a prefix of every later column map), plus the transposed body incidence that the
// contact operator gathers J^T gamma with. Never changed after it is built.
struct GenerationBlock {
  Teuchos::RCP<const tpetra::Map> row_map;  // the generation's rows, contiguous per rank
  Teuchos::RCP<const tpetra::CrsMatrix> matrix;
  tpetra::LocalMatrix local;         // the matrix's local CSR (views, shared with it)
  std::size_t first_row = 0;         // local offset in the full constraint layout
  std::vector<int> incidence_begin;  // per column body, into the two arrays below
  std::vector<int> incidence_row;    // local row within the generation
  std::vector<int> incidence_entry;  // first of the body's six entries in the row
  // The same rows in the compact form the contact operator applies (when they have its shape).
  std::optional<PairRows> pair_rows;

  ConstraintBlockView view() const;
};

struct DistributedConstraintMatrix::Impl {
  MPI_Comm comm = MPI_COMM_NULL;
  Teuchos::RCP<const Teuchos::Comm<int>> teuchos_comm;
  std::vector<GlobalId> owned_ids;
  // Column bodies: the owned ones (in owned order) followed by the ghosts, in the order they were
  // first needed. Column DOF 6 c + k belongs to column body c.
  std::vector<GlobalId> column_bodies;
  std::unordered_map<GlobalId, int> column_of_body;
  Teuchos::RCP<const tpetra::Map> body_map;     // 6 DOFs per owned body: the domain
  Teuchos::RCP<const tpetra::Map> column_map;   // owned then ghost DOFs
  Teuchos::RCP<const tpetra::Import> importer;  // body_map -> column_map
  // The ghost part of the column map alone, for halo exchanges that leave the owned prefix of a
  // column vector in place (the contact operator's).
  Teuchos::RCP<const tpetra::Map> ghost_map;
  Teuchos::RCP<const tpetra::Import> ghost_importer;  // body_map -> ghost_map
  VectorLayout body_layout;
  VectorLayout constraint_layout;
  ConstraintSet constraints;
  std::vector<GenerationBlock> generations;
  std::int64_t global_rows = 0;
  std::uint64_t epoch = 0;  // DistributedConstraintMatrix::epoch
  AssemblyCounts counts;
};

}  // namespace relcp::collision
