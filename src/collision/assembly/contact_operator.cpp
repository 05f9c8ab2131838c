#include "collision/assembly/contact_operator.hpp"

#include <stdexcept>
#include <vector>

#include "collision/assembly/constraint_matrix_impl.hpp"

namespace relcp::collision {

class ContactOperator::Implementation final : public tpetra::Operator {
 public:
  Implementation(const DistributedConstraintMatrix& matrix, const BlockDiagonalMobility& mobility, double scale)
      : matrix_(matrix.impl()), mobility_(mobility), scale_(scale) {}

  Teuchos::RCP<const tpetra::Map> getDomainMap() const override { return matrix_.constraint_layout.impl().map; }
  Teuchos::RCP<const tpetra::Map> getRangeMap() const override { return getDomainMap(); }
  bool hasTransposeApply() const override { return true; }  // A is symmetric

  void apply(const tpetra::MultiVector& X, tpetra::MultiVector& Y, Teuchos::ETransp, double alpha,
             double beta) const override {
    if (X.getNumVectors() != Y.getNumVectors() || X.getLocalLength() != matrix_.constraint_layout.local_size() ||
        Y.getLocalLength() != X.getLocalLength()) {
      throw std::invalid_argument("ContactOperator: vectors do not match the constraint layout");
    }
    const RowBlocks blocks = row_blocks();
    for (std::size_t j = 0; j < X.getNumVectors(); ++j) {
      const double* gamma = column_data(X, j);
      double* out = column_data(Y, j);
      owned_velocities(blocks, gamma, nullptr);
      blocks.rates(column_velocities(), alpha * scale_, beta, out, nullptr);
    }
  }

  // out = W A W gamma, W = diag(weights).
  void apply_weighted(const double* weights, const double* gamma, double* out) const {
    const RowBlocks blocks = row_blocks();
    owned_velocities(blocks, gamma, weights);
    blocks.rates(column_velocities(), scale_, 0.0, out, weights);
  }

  // velocities = M J^T gamma on the owned bodies.
  void constraint_velocities(const double* gamma, double* velocities) const {
    const double* forces = owned_forces(row_blocks(), gamma, nullptr);
    mobility_.apply(forces, velocities);
  }

  // out_r = scale * J_r M J_r^T: the product of the row's entries on the same column body with
  // that body's block, which the ghost bodies' owners send.
  void diagonal(double* out) const {
    const Teuchos::RCP<tpetra::MultiVector> blocks = column_mobility_blocks();
    const double* block_columns[6];
    for (std::size_t k = 0; k < 6; ++k) block_columns[k] = column_data(*blocks, k);
    for (const GenerationBlock& generation : matrix_.generations) {
      const ConstraintBlockView view = generation.view();
      for (std::size_t r = 0; r < view.rows; ++r) {
        double sum = 0.0;
        // The row's entries on one body are consecutive (the matrix's layout): one quadratic
        // form per run of entries on the same body.
        std::size_t run = view.row_offsets[r];
        while (run < view.row_offsets[r + 1]) {
          const int body = view.columns[run] / 6;
          std::size_t run_end = run + 1;
          while (run_end < view.row_offsets[r + 1] && run_end - run < 6 && view.columns[run_end] / 6 == body) {
            ++run_end;
          }
          // (M v) first, each entry its own running sum, then v . (M v): one chain of additions
          // per entry instead of one for the whole row.
          double mv[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
          for (std::size_t f = run; f < run_end; ++f) {
            const double* column = block_columns[view.columns[f] % 6];
            for (std::size_t e = run; e < run_end; ++e) mv[e - run] += column[view.columns[e]] * view.values[f];
          }
          for (std::size_t e = run; e < run_end; ++e) sum += view.values[e] * mv[e - run];
          run = run_end;
        }
        out[view.first_row + r] = scale_ * sum;
      }
    }
  }

  double scale() const { return scale_; }
  void use_csr_rows(bool csr) { csr_only_ = csr; }
  const VectorLayout& constraint_layout() const { return matrix_.constraint_layout; }
  const VectorLayout& body_layout() const { return matrix_.body_layout; }

  std::size_t bytes_per_application() const {
    std::size_t bytes = 0;
    const bool compact = row_blocks().compact();
    for (const GenerationBlock& block : matrix_.generations) {
      if (compact) {
        bytes += 2 * block.pair_rows->stored_bytes();  // both passes read the compact rows
        continue;
      }
      const std::size_t entries = block.local.nnz();
      const std::size_t rows = static_cast<std::size_t>(block.local.numRows());
      // Values in both passes, column indices in the row pass only.
      bytes += entries * (2 * sizeof(double) + sizeof(tpetra::LocalOrdinal));
      bytes += (rows + 1) * sizeof(std::size_t);
      bytes += block.incidence_begin.size() * sizeof(int);
      bytes += 2 * block.incidence_row.size() * sizeof(int);
    }
    const std::size_t rows = matrix_.constraint_layout.local_size();
    const std::size_t column_dofs = 6 * matrix_.column_bodies.size();
    const std::size_t owned_dofs = 6 * matrix_.owned_ids.size();
    bytes += mobility_.stored_bytes();
    bytes += 2 * rows * sizeof(double);                        // gamma, A gamma
    bytes += 2 * (column_dofs + owned_dofs) * sizeof(double);  // F, U: column and owned
    return bytes;
  }

 private:
  // The generations' rows for the two passes: compact when every generation has the compact
  // form (docs/collision.md, "The operator's compact rows"), CSR otherwise.
  class RowBlocks {
   public:
    RowBlocks(const std::vector<GenerationBlock>& generations, bool csr_only) {
      for (const GenerationBlock& block : generations) {
        if (csr_only || !block.pair_rows) {
          pairs_.clear();
          break;
        }
        pairs_.push_back(block.pair_rows->view());
      }
      if (pairs_.size() == generations.size()) return;
      for (const GenerationBlock& block : generations) csr_.push_back(block.view());
    }

    bool compact() const { return csr_.empty(); }

    // `weights` (null: none) scale the rows: J^T W gamma and W J U.
    void gather(const double* gamma, double* forces, std::size_t body_count, const double* weights) const {
      if (compact()) {
        gather_pair_forces(pairs_.data(), pairs_.size(), gamma, forces, body_count, weights);
      } else {
        gather_body_forces(csr_.data(), csr_.size(), gamma, forces, body_count, weights);
      }
    }

    void rates(const double* velocities, double scale, double beta, double* out, const double* weights) const {
      if (compact()) {
        pair_constraint_rates(pairs_.data(), pairs_.size(), velocities, scale, beta, out, weights);
      } else {
        constraint_rates(csr_.data(), csr_.size(), velocities, scale, beta, out, weights);
      }
    }

   private:
    std::vector<PairRowsView> pairs_;
    std::vector<ConstraintBlockView> csr_;
  };

  RowBlocks row_blocks() const { return RowBlocks(matrix_.generations, csr_only_); }

  // Column vectors for F and U; their owned prefix and ghost suffix are also viewed (no copy)
  // as vectors on the body map and the ghost map, so the halo exchanges touch only ghost data.
  // They follow the matrix's current column map (it may grow when rows are appended).
  void refresh_work_vectors() const {
    if (!forces_column_.is_null() && forces_column_->getMap() == matrix_.column_map) return;
    const std::size_t owned_dofs = matrix_.body_map->getNodeNumElements();
    forces_column_ = Teuchos::rcp(new tpetra::MultiVector(matrix_.column_map, 1));
    velocities_column_ = Teuchos::rcp(new tpetra::MultiVector(matrix_.column_map, 1));
    forces_owned_ = forces_column_->offsetViewNonConst(matrix_.body_map, 0);
    forces_ghost_ = forces_column_->offsetViewNonConst(matrix_.ghost_map, owned_dofs);
    velocities_owned_ = velocities_column_->offsetViewNonConst(matrix_.body_map, 0);
    velocities_ghost_ = velocities_column_->offsetViewNonConst(matrix_.ghost_map, owned_dofs);
  }

  bool single_process() const { return matrix_.teuchos_comm->getSize() == 1; }

  // Six columns on the column map: entry (6 c + i, j) is M_c(i, j) for every column body c.
  Teuchos::RCP<tpetra::MultiVector> column_mobility_blocks() const {
    auto blocks = Teuchos::rcp(new tpetra::MultiVector(matrix_.column_map, 6));
    const std::size_t owned = matrix_.owned_ids.size();
    double* columns[6];
    for (std::size_t j = 0; j < 6; ++j) columns[j] = column_data(*blocks, j);
    for (std::size_t b = 0; b < owned; ++b) {
      const BlockDiagonalMobility::Block block = mobility_.block(b);
      for (std::size_t j = 0; j < 6; ++j) {
        for (std::size_t i = 0; i < 6; ++i) columns[j][6 * b + i] = block(i, j);
      }
    }
    if (!single_process()) {
      const std::size_t owned_dofs = matrix_.body_map->getNodeNumElements();
      const Teuchos::RCP<const tpetra::MultiVector> owned_part = blocks->offsetView(matrix_.body_map, 0);
      const Teuchos::RCP<tpetra::MultiVector> ghost_part = blocks->offsetViewNonConst(matrix_.ghost_map, owned_dofs);
      ghost_part->doImport(*owned_part, *matrix_.ghost_importer, Tpetra::INSERT);
    }
    return blocks;
  }

  // F = J^T W gamma summed on the owned bodies (W = diag(weights), the identity when null);
  // returns its local entries (6 per owned body, the prefix of the column vector).
  const double* owned_forces(const RowBlocks& blocks, const double* gamma, const double* weights) const {
    refresh_work_vectors();
    blocks.gather(gamma, column_data(*forces_column_, 0), matrix_.column_bodies.size(), weights);
    // Ghost bodies' forces are added into their owners' (reverse Import, ADD).
    if (!single_process()) {
      forces_owned_->doExport(*forces_ghost_, *matrix_.ghost_importer, Tpetra::ADD);
    }
    return column_data(*forces_column_, 0);
  }

  // U = M J^T W gamma on the owned bodies, in the owned prefix of velocities_column_.
  void owned_velocities(const RowBlocks& blocks, const double* gamma, const double* weights) const {
    const double* forces = owned_forces(blocks, gamma, weights);
    mobility_.apply(forces, column_data(*velocities_column_, 0));
  }

  // U on the column bodies: the owners' velocities copied into the ghost suffix.
  double* column_velocities() const {
    if (!single_process()) {
      velocities_ghost_->doImport(*velocities_owned_, *matrix_.ghost_importer, Tpetra::INSERT);
    }
    return column_data(*velocities_column_, 0);
  }

  const DistributedConstraintMatrix::Impl& matrix_;
  const BlockDiagonalMobility& mobility_;
  double scale_;
  bool csr_only_ = false;
  mutable Teuchos::RCP<tpetra::MultiVector> forces_column_, velocities_column_;
  mutable Teuchos::RCP<tpetra::MultiVector> forces_owned_, forces_ghost_;
  mutable Teuchos::RCP<tpetra::MultiVector> velocities_owned_, velocities_ghost_;
};

ContactOperator::ContactOperator(const DistributedConstraintMatrix& matrix, const BlockDiagonalMobility& mobility,
                                 double scale)
    : matrix_(matrix), mobility_(mobility) {
  if (mobility.body_count() != matrix.owned_body_ids().size()) {
    throw std::invalid_argument("ContactOperator: one mobility block per owned body expected");
  }
  if (!(scale > 0.0)) throw std::invalid_argument("ContactOperator: scale must be positive");
  impl_ = std::make_shared<Implementation>(matrix, mobility, scale);
}

ContactOperator::~ContactOperator() = default;

VectorLayout ContactOperator::layout() const { return impl_->constraint_layout(); }

void ContactOperator::apply(const DistributedVector& gamma, DistributedVector& out) const {
  impl_->apply(*gamma.impl().vector, *out.impl().vector, Teuchos::NO_TRANS, 1.0, 0.0);
}

bool ContactOperator::apply_symmetrically_scaled(const DistributedVector& s, const DistributedVector& x,
                                                 DistributedVector& y) const {
  const std::size_t rows = impl_->constraint_layout().local_size();
  if (s.local_size() != rows || x.local_size() != rows || y.local_size() != rows) {
    throw std::invalid_argument("ContactOperator: vectors do not match the constraint layout");
  }
  impl_->apply_weighted(s.local_data(), x.local_data(), y.local_data());
  return true;
}

std::shared_ptr<const TpetraOperatorHandle> ContactOperator::tpetra() const {
  auto handle = std::make_shared<TpetraOperatorHandle>();
  // The RCP keeps the implementation alive through a copy of the shared pointer.
  handle->op = Teuchos::rcpWithEmbeddedObj(static_cast<const tpetra::Operator*>(impl_.get()), impl_, false);
  return handle;
}

void ContactOperator::constraint_velocities(const DistributedVector& gamma, DistributedVector& velocities) const {
  if (gamma.local_size() != impl_->constraint_layout().local_size() ||
      velocities.local_size() != impl_->body_layout().local_size()) {
    throw std::invalid_argument("ContactOperator: gamma or velocities of the wrong layout");
  }
  impl_->constraint_velocities(gamma.local_data(), velocities.local_data());
}

void ContactOperator::diagonal(DistributedVector& diagonal) const {
  if (diagonal.local_size() != impl_->constraint_layout().local_size()) {
    throw std::invalid_argument("ContactOperator: diagonal of the wrong layout");
  }
  impl_->diagonal(diagonal.local_data());
}

double ContactOperator::scale() const { return impl_->scale(); }

void ContactOperator::use_csr_rows(bool csr) { impl_->use_csr_rows(csr); }

std::size_t ContactOperator::bytes_per_application() const { return impl_->bytes_per_application(); }

}  // namespace relcp::collision
