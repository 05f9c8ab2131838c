#include "collision/device/local_contact_rows.hpp"

#include <limits>
#include <stdexcept>

#include "collision/assembly/constraint_matrix_impl.hpp"
#include "collision/assembly/contact_operator.hpp"

namespace relcp::collision {
namespace {

int as_index(std::size_t value) {
  if (value > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
    throw std::length_error("the device contact operator indexes with int: too many local entries");
  }
  return static_cast<int>(value);
}

void append_rows(const ConstraintBlockView& view, std::size_t value_offset, LocalContactRows& rows) {
  for (std::size_t r = 0; r < view.rows; ++r) {
    for (std::size_t e = view.row_offsets[r]; e < view.row_offsets[r + 1]; ++e) {
      rows.columns.push_back(view.columns[e]);
      rows.values.push_back(view.values[e]);
    }
    rows.row_offsets.push_back(as_index(value_offset + view.row_offsets[r + 1]));
  }
}

void append_mobility(const BlockDiagonalMobility& mobility, LocalContactRows& rows) {
  rows.diagonal_mobility = mobility.is_diagonal();
  const std::size_t per_body = rows.diagonal_mobility ? 6 : 36;
  rows.mobility.reserve(per_body * mobility.body_count());
  for (std::size_t b = 0; b < mobility.body_count(); ++b) {
    const BlockDiagonalMobility::Block block = mobility.block(b);
    for (int i = 0; i < 6; ++i) {
      if (rows.diagonal_mobility) {
        rows.mobility.push_back(block(i, i));
      } else {
        for (int j = 0; j < 6; ++j) rows.mobility.push_back(block(i, j));
      }
    }
  }
}

}  // namespace

LocalContactRows local_contact_rows(const ContactOperator& op) {
  const DistributedConstraintMatrix::Impl& matrix = op.matrix().impl();
  LocalContactRows rows;
  rows.rows = matrix.constraint_layout.local_size();
  rows.owned_bodies = matrix.owned_ids.size();
  rows.column_bodies = matrix.column_bodies.size();
  rows.scale = op.scale();
  rows.row_offsets.reserve(rows.rows + 1);
  rows.row_offsets.push_back(0);
  std::vector<ConstraintBlockView> views;
  std::vector<std::size_t> value_offsets;
  for (const GenerationBlock& generation : matrix.generations) {
    views.push_back(generation.view());
    value_offsets.push_back(rows.values.size());
    append_rows(views.back(), rows.values.size(), rows);
  }
  if (rows.row_offsets.size() != rows.rows + 1) {
    throw std::logic_error("local_contact_rows: the generations do not cover the constraint layout");
  }
  // Per column body, generation by generation in incidence order: the CPU gather's order.
  rows.body_offsets.reserve(rows.column_bodies + 1);
  rows.body_offsets.push_back(0);
  for (std::size_t c = 0; c < rows.column_bodies; ++c) {
    for (std::size_t g = 0; g < views.size(); ++g) {
      const ConstraintBlockView& view = views[g];
      if (c >= view.column_bodies) continue;
      for (int i = view.incidence_begin[c]; i < view.incidence_begin[c + 1]; ++i) {
        rows.body_rows.push_back(as_index(view.first_row + static_cast<std::size_t>(view.incidence_row[i])));
        rows.body_entries.push_back(as_index(value_offsets[g] + static_cast<std::size_t>(view.incidence_entry[i])));
      }
    }
    rows.body_offsets.push_back(as_index(rows.body_rows.size()));
  }
  append_mobility(op.mobility(), rows);
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

}  // namespace relcp::collision
