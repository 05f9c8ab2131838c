#include "collision/assembly/distributed_constraint_matrix.hpp"

#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <string>
#include <utility>

#include "collision/assembly/constraint_matrix_impl.hpp"
#include "core/parallel_loops.hpp"

namespace relcp::collision {
namespace {

// Unique across every matrix of the process, so a cached copy of one matrix's rows (the CUDA
// back end's) is never mistaken for another's.
std::uint64_t next_epoch() {
  static std::atomic<std::uint64_t> counter{0};
  return ++counter;
}

using tpetra::GlobalOrdinal;

constexpr int kDofs = 6;  // per body: u (3), omega (3)

Teuchos::RCP<const tpetra::Map> map_of_dofs(const std::vector<GlobalId>& bodies,
                                            const Teuchos::RCP<const Teuchos::Comm<int>>& comm) {
  std::vector<GlobalOrdinal> dofs;
  dofs.reserve(bodies.size() * kDofs);
  for (const GlobalId id : bodies) {
    for (int k = 0; k < kDofs; ++k) dofs.push_back(static_cast<GlobalOrdinal>(id * kDofs + k));
  }
  const auto invalid = Teuchos::OrdinalTraits<Tpetra::global_size_t>::invalid();
  return Teuchos::rcp(new tpetra::Map(invalid, Teuchos::ArrayView<const GlobalOrdinal>(dofs), 0, comm));
}

Teuchos::RCP<const tpetra::Map> contiguous_map(std::size_t local_count,
                                               const Teuchos::RCP<const Teuchos::Comm<int>>& comm) {
  const auto invalid = Teuchos::OrdinalTraits<Tpetra::global_size_t>::invalid();
  return Teuchos::rcp(new tpetra::Map(invalid, local_count, 0, comm));
}

void validate_owned(const std::vector<GlobalId>& ids) {
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (ids[i] < 0 || (i > 0 && ids[i] <= ids[i - 1])) {
      throw std::invalid_argument(
          "DistributedConstraintMatrix: owned body ids must be non-negative and strictly "
          "increasing");
    }
  }
}

bool any_rank(bool local, MPI_Comm comm) {
  int flag = local ? 1 : 0;
  int global = 0;
  MPI_Allreduce(&flag, &global, 1, MPI_INT, MPI_MAX, comm);
  return global != 0;
}

void build_body_map(DistributedConstraintMatrix::Impl& impl) {
  impl.body_map = map_of_dofs(impl.owned_ids, impl.teuchos_comm);
  impl.body_layout = layout_of(impl.body_map, impl.comm);
  ++impl.counts.body_maps;
}

// Column map from impl.column_bodies (owned first) and its Import. Throws on every rank when a
// ghost body is owned by no rank.
void build_column_map(DistributedConstraintMatrix::Impl& impl) {
  impl.column_of_body.clear();
  for (std::size_t c = 0; c < impl.column_bodies.size(); ++c) {
    impl.column_of_body.emplace(impl.column_bodies[c], static_cast<int>(c));
  }
  impl.column_map = map_of_dofs(impl.column_bodies, impl.teuchos_comm);
  impl.importer = Teuchos::rcp(new tpetra::Import(impl.body_map, impl.column_map));
  const std::vector<GlobalId> ghosts(impl.column_bodies.begin() + impl.owned_ids.size(), impl.column_bodies.end());
  impl.ghost_map = map_of_dofs(ghosts, impl.teuchos_comm);
  impl.ghost_importer = Teuchos::rcp(new tpetra::Import(impl.body_map, impl.ghost_map));
  ++impl.counts.column_maps;
  if (any_rank(!impl.importer->isLocallyComplete(), impl.comm)) {
    throw std::invalid_argument("DistributedConstraintMatrix: a constraint touches a body that no rank owns");
  }
}

void use_owned_columns_only(DistributedConstraintMatrix::Impl& impl) {
  impl.column_bodies = impl.owned_ids;
  build_column_map(impl);
}

// Bodies of `records` that are not column bodies yet, sorted, without repetitions.
std::vector<GlobalId> missing_bodies(const DistributedConstraintMatrix::Impl& impl, const ConstraintSet& set,
                                     std::size_t begin, std::size_t end) {
  std::vector<GlobalId> missing;
  for (std::size_t r = begin; r < end; ++r) {
    const ConstraintRecord& record = set[r];
    if (impl.column_of_body.count(record.body_a) == 0) missing.push_back(record.body_a);
    if (!record.is_wall() && impl.column_of_body.count(record.body_b) == 0) {
      missing.push_back(record.body_b);
    }
  }
  std::sort(missing.begin(), missing.end());
  missing.erase(std::unique(missing.begin(), missing.end()), missing.end());
  return missing;
}

// The rows [begin, end) of the constraint set as one generation matrix over the current column
// map, with the body incidence the contact operator gathers J^T gamma by.
GenerationBlock build_generation(const DistributedConstraintMatrix::Impl& impl, std::size_t begin, std::size_t end) {
  const ConstraintSet& set = impl.constraints;
  const std::size_t rows = end - begin;
  const std::size_t column_bodies = impl.column_bodies.size();

  using Kokkos::ViewAllocateWithoutInitializing;
  tpetra::LocalMatrix::row_map_type::non_const_type row_offsets(ViewAllocateWithoutInitializing("J row offsets"),
                                                                rows + 1);
  std::size_t entries = 0;
  for (std::size_t r = 0; r < rows; ++r) {
    row_offsets(r) = entries;
    entries += set[begin + r].is_wall() ? kDofs : 2 * kDofs;
  }
  row_offsets(rows) = entries;
  tpetra::LocalMatrix::index_type::non_const_type columns(ViewAllocateWithoutInitializing("J columns"), entries);
  tpetra::LocalMatrix::values_type values(ViewAllocateWithoutInitializing("J values"), entries);

  GenerationBlock block;
  block.first_row = begin;
  block.incidence_begin.assign(column_bodies + 1, 0);
  // Each row's body blocks in increasing column order (Tpetra expects sorted rows).
  struct BodyBlock {
    int column_body;
    int source;  // offset of the body's six values in ConstraintRecord::row
  };
  const auto blocks_of = [&](const ConstraintRecord& record, BodyBlock(&out)[2]) {
    out[0] = {impl.column_of_body.at(record.body_a), 0};
    if (record.is_wall()) return 1;
    out[1] = {impl.column_of_body.at(record.body_b), kDofs};
    if (out[1].column_body < out[0].column_body) std::swap(out[0], out[1]);
    return 2;
  };
  const auto row_count = static_cast<std::ptrdiff_t>(rows);
#pragma omp parallel for if (row_count > kParallelMinimumBodies) schedule(static)
  for (std::ptrdiff_t r = 0; r < row_count; ++r) {
    const ConstraintRecord& record = set[begin + static_cast<std::size_t>(r)];
    BodyBlock body_blocks[2];
    const int count = blocks_of(record, body_blocks);
    std::size_t entry = row_offsets(r);
    for (int b = 0; b < count; ++b) {
      for (int k = 0; k < kDofs; ++k, ++entry) {
        columns(entry) = kDofs * body_blocks[b].column_body + k;
        values(entry) = record.row[body_blocks[b].source + k];
      }
    }
  }
  for (std::size_t entry = 0; entry < entries; entry += kDofs) ++block.incidence_begin[columns(entry) / kDofs + 1];
  for (std::size_t c = 0; c < column_bodies; ++c) {
    block.incidence_begin[c + 1] += block.incidence_begin[c];
  }
  block.incidence_row.resize(block.incidence_begin[column_bodies]);
  block.incidence_entry.resize(block.incidence_begin[column_bodies]);
  std::vector<int> next(block.incidence_begin.begin(), block.incidence_begin.end() - 1);
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::size_t entry = row_offsets(r); entry < row_offsets(r + 1); entry += kDofs) {
      const int slot = next[columns(entry) / kDofs]++;
      block.incidence_row[slot] = static_cast<int>(r);
      block.incidence_entry[slot] = static_cast<int>(entry);
    }
  }

  block.row_map = contiguous_map(rows, impl.teuchos_comm);
  block.local = tpetra::LocalMatrix("J", static_cast<int>(rows), static_cast<int>(kDofs * column_bodies), entries,
                                    values, row_offsets, columns);
  block.matrix = Teuchos::rcp(new tpetra::CrsMatrix(block.local, block.row_map, impl.column_map, impl.body_map,
                                                    block.row_map, impl.importer, Teuchos::null));
  block.pair_rows = PairRows::from_csr(block.view());
  return block;
}

void require_local_size(const DistributedVector& vector, const VectorLayout& layout, const char* what) {
  if (vector.local_size() != layout.local_size()) {
    throw std::invalid_argument(std::string("DistributedConstraintMatrix: ") + what +
                                " does not have the expected layout");
  }
}

}  // namespace

ConstraintBlockView GenerationBlock::view() const {
  ConstraintBlockView view;
  view.rows = static_cast<std::size_t>(local.numRows());
  view.first_row = first_row;
  view.row_offsets = local.graph.row_map.data();
  view.columns = local.graph.entries.data();
  view.values = local.values.data();
  view.column_bodies = incidence_begin.size() - 1;
  view.incidence_begin = incidence_begin.data();
  view.incidence_row = incidence_row.data();
  view.incidence_entry = incidence_entry.data();
  return view;
}

DistributedConstraintMatrix::DistributedConstraintMatrix(MPI_Comm comm, std::vector<GlobalId> owned_body_ids)
    : impl_(std::make_unique<Impl>()) {
  validate_owned(owned_body_ids);
  ensure_kokkos_initialized();
  impl_->comm = comm;
  impl_->epoch = next_epoch();
  impl_->teuchos_comm = teuchos_comm(comm);
  impl_->owned_ids = std::move(owned_body_ids);
  build_body_map(*impl_);
  use_owned_columns_only(*impl_);
  impl_->constraint_layout = layout_of(contiguous_map(0, impl_->teuchos_comm), comm);
}

DistributedConstraintMatrix::~DistributedConstraintMatrix() = default;
DistributedConstraintMatrix::DistributedConstraintMatrix(DistributedConstraintMatrix&&) noexcept = default;
DistributedConstraintMatrix& DistributedConstraintMatrix::operator=(DistributedConstraintMatrix&&) noexcept = default;

void DistributedConstraintMatrix::reset(std::vector<GlobalId> owned_body_ids) {
  validate_owned(owned_body_ids);
  Impl& impl = *impl_;
  impl.epoch = next_epoch();
  impl.generations.clear();
  impl.constraints.clear();
  impl.global_rows = 0;
  if (any_rank(owned_body_ids != impl.owned_ids, impl.comm)) {
    impl.owned_ids = std::move(owned_body_ids);
    build_body_map(impl);
    use_owned_columns_only(impl);
  }
  impl.constraint_layout = layout_of(contiguous_map(0, impl.teuchos_comm), impl.comm);
}

int DistributedConstraintMatrix::append(std::vector<ConstraintRecord> records) {
  Impl& impl = *impl_;
  const std::size_t begin = impl.constraints.size();
  const int generation = impl.constraints.append_generation(std::move(records));
  const std::size_t end = impl.constraints.size();

  const std::vector<GlobalId> missing = missing_bodies(impl, impl.constraints, begin, end);
  if (any_rank(!missing.empty(), impl.comm)) {
    if (impl.generations.empty()) {
      // Nothing refers to the old column map: rebuild it with exactly the ghosts needed now,
      // dropping those that earlier steps needed.
      impl.column_bodies = impl.owned_ids;
      impl.column_of_body.clear();
      for (const GlobalId id : impl.owned_ids) {
        impl.column_of_body.emplace(id, static_cast<int>(impl.column_of_body.size()));
      }
      const std::vector<GlobalId> ghosts = missing_bodies(impl, impl.constraints, begin, end);
      impl.column_bodies.insert(impl.column_bodies.end(), ghosts.begin(), ghosts.end());
    } else {
      // Earlier generations index the current columns: extend, never reorder.
      impl.column_bodies.insert(impl.column_bodies.end(), missing.begin(), missing.end());
    }
    build_column_map(impl);
  }

  impl.generations.push_back(build_generation(impl, begin, end));
  ++impl.counts.row_blocks;
  const Teuchos::RCP<const tpetra::Map> rows = contiguous_map(end, impl.teuchos_comm);
  impl.constraint_layout = layout_of(rows, impl.comm);
  impl.global_rows = static_cast<std::int64_t>(rows->getGlobalNumElements());
  return generation;
}

MPI_Comm DistributedConstraintMatrix::comm() const { return impl_->comm; }
const ConstraintSet& DistributedConstraintMatrix::constraints() const { return impl_->constraints; }
const std::vector<GlobalId>& DistributedConstraintMatrix::owned_body_ids() const { return impl_->owned_ids; }
const VectorLayout& DistributedConstraintMatrix::body_layout() const { return impl_->body_layout; }
const VectorLayout& DistributedConstraintMatrix::constraint_layout() const { return impl_->constraint_layout; }
std::int64_t DistributedConstraintMatrix::global_constraint_count() const { return impl_->global_rows; }
int DistributedConstraintMatrix::generation_count() const { return static_cast<int>(impl_->generations.size()); }

std::uint64_t DistributedConstraintMatrix::epoch() const { return impl_->epoch; }
AssemblyCounts DistributedConstraintMatrix::assembly_counts() const { return impl_->counts; }

std::vector<ConstraintEntry> DistributedConstraintMatrix::local_entries(std::size_t first_row) const {
  std::vector<ConstraintEntry> entries;
  for (const GenerationBlock& block : impl_->generations) {
    const ConstraintBlockView view = block.view();
    if (view.first_row + view.rows <= first_row) continue;
    for (std::size_t r = first_row > view.first_row ? first_row - view.first_row : 0; r < view.rows; ++r) {
      for (std::size_t e = view.row_offsets[r]; e < view.row_offsets[r + 1]; ++e) {
        const int column = view.columns[e];
        entries.push_back({view.first_row + r, impl_->column_bodies[column / 6], column % 6, view.values[e]});
      }
    }
  }
  return entries;
}

void DistributedConstraintMatrix::multiply(const DistributedVector& velocities, DistributedVector& rates) const {
  require_local_size(velocities, impl_->body_layout, "velocities");
  require_local_size(rates, impl_->constraint_layout, "rates");
  for (const GenerationBlock& block : impl_->generations) {
    auto rows = rates.impl().vector->offsetViewNonConst(block.row_map, block.first_row);
    block.matrix->apply(*velocities.impl().vector, *rows);
  }
}

void DistributedConstraintMatrix::multiply_newest(const DistributedVector& velocities, DistributedVector& rates) const {
  require_local_size(velocities, impl_->body_layout, "velocities");
  require_local_size(rates, impl_->constraint_layout, "rates");
  if (impl_->generations.empty()) return;
  const GenerationBlock& block = impl_->generations.back();
  auto rows = rates.impl().vector->offsetViewNonConst(block.row_map, block.first_row);
  block.matrix->apply(*velocities.impl().vector, *rows);
}

void DistributedConstraintMatrix::multiply_transpose(const DistributedVector& gamma, DistributedVector& forces) const {
  require_local_size(gamma, impl_->constraint_layout, "gamma");
  require_local_size(forces, impl_->body_layout, "forces");
  forces.impl().vector->putScalar(0.0);
  for (const GenerationBlock& block : impl_->generations) {
    auto rows = gamma.impl().vector->offsetView(block.row_map, block.first_row);
    block.matrix->apply(*rows, *forces.impl().vector, Teuchos::TRANS, 1.0, 1.0);
  }
}

}  // namespace relcp::collision
