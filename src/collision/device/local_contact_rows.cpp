#include "collision/device/local_contact_rows.hpp"

#include <Tpetra_Distributor.hpp>
#include <algorithm>

#include "collision/assembly/constraint_matrix_impl.hpp"
#include "collision/assembly/contact_operator.hpp"

namespace relcp::collision {
LocalContactRows local_contact_rows(const ContactOperator& op) {
  const DistributedConstraintMatrix::Impl& matrix = op.matrix().impl();
  LocalContactRows rows;
  rows.epoch = matrix.epoch;
  rows.rows = matrix.constraint_layout.local_size();
  rows.owned_bodies = matrix.owned_ids.size();
  rows.column_bodies = matrix.column_bodies.size();
  rows.scale = op.scale();
  for (const GenerationBlock& generation : matrix.generations) {
    const ConstraintBlockView view = generation.view();
    GenerationRows block;
    block.rows = view.rows;
    block.first_row = view.first_row;
    block.entries = view.row_offsets[view.rows];
    block.row_offsets = view.row_offsets;
    block.columns = view.columns;
    block.values = view.values;
    block.column_bodies = view.column_bodies;
    block.incidence_begin = view.incidence_begin;
    block.incidence_row = view.incidence_row;
    block.incidence_entry = view.incidence_entry;
    rows.generations.push_back(block);
  }
  const BlockDiagonalMobility& mobility = op.mobility();
  rows.diagonal_mobility = mobility.is_diagonal();
  rows.mobility = mobility.stored_values().data();
  rows.mobility_values = mobility.stored_values().size();
  return rows;
}

struct HostHalo::Impl {
  const DistributedConstraintMatrix::Impl& matrix;
  Teuchos::RCP<tpetra::MultiVector> forces, velocities;
  Teuchos::RCP<tpetra::MultiVector> forces_owned, forces_ghost, velocities_owned, velocities_ghost;
};

HostHalo::HostHalo(const ContactOperator& op) : impl_(new Impl{op.matrix().impl(), {}, {}, {}, {}, {}, {}}) {
  if (!needed()) return;  // one rank: no exchange, no host vectors
  const DistributedConstraintMatrix::Impl& matrix = impl_->matrix;
  const std::size_t owned_dofs = matrix.body_map->getNodeNumElements();
  impl_->forces = Teuchos::rcp(new tpetra::MultiVector(matrix.column_map, 1));
  impl_->velocities = Teuchos::rcp(new tpetra::MultiVector(matrix.column_map, 1));
  impl_->forces_owned = impl_->forces->offsetViewNonConst(matrix.body_map, 0);
  impl_->velocities_owned = impl_->velocities->offsetViewNonConst(matrix.body_map, 0);
  impl_->forces_ghost = impl_->forces->offsetViewNonConst(matrix.ghost_map, owned_dofs);
  impl_->velocities_ghost = impl_->velocities->offsetViewNonConst(matrix.ghost_map, owned_dofs);
}

HostHalo::~HostHalo() = default;

bool HostHalo::needed() const { return impl_->matrix.teuchos_comm->getSize() > 1; }
double* HostHalo::column_forces() { return needed() ? column_data(*impl_->forces, 0) : nullptr; }
double* HostHalo::column_velocities() { return needed() ? column_data(*impl_->velocities, 0) : nullptr; }
std::size_t HostHalo::column_dofs() const { return 6 * impl_->matrix.column_bodies.size(); }
std::size_t HostHalo::owned_dofs() const { return impl_->matrix.body_map->getNodeNumElements(); }

void HostHalo::add_ghost_forces() {
  if (needed()) impl_->forces_owned->doExport(*impl_->forces_ghost, *impl_->matrix.ghost_importer, Tpetra::ADD);
}

void HostHalo::fill_ghost_velocities() {
  if (needed()) {
    impl_->velocities_ghost->doImport(*impl_->velocities_owned, *impl_->matrix.ghost_importer, Tpetra::INSERT);
  }
}

std::vector<int> HostHalo::neighbor_ranks() const {
  if (!needed()) return {};
  Tpetra::Distributor& distributor = impl_->matrix.ghost_importer->getDistributor();
  std::vector<int> ranks;
  for (const int rank : distributor.getProcsFrom()) ranks.push_back(rank);
  for (const int rank : distributor.getProcsTo()) ranks.push_back(rank);
  std::sort(ranks.begin(), ranks.end());
  ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
  return ranks;
}

}  // namespace relcp::collision
