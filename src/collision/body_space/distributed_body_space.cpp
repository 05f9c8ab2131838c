#include "collision/body_space/distributed_body_space.hpp"

#include <Tpetra_CrsMatrix.hpp>
#include <algorithm>
#include <limits>
#include <map>
#include <stdexcept>
#include <utility>
#include <vector>

#include "collision/assembly/constraint_matrix_impl.hpp"
#include "collision/body_space/mobile_directions.hpp"
#include "collision/body_space/mumps_symmetric_solver.hpp"
#include "collision/body_space/substructured_factorization.hpp"

namespace relcp::collision {
namespace {

using GlobalOrdinal = tpetra::GlobalOrdinal;
// Per column body, on the column map: six columns of Q_b (row 6 c + i holds Q_b(i, j), zero
// past its kept directions), its first global direction and its number of directions (both in
// row 6 c).
constexpr std::size_t kBasisColumns = 6;
constexpr std::size_t kFirstDirection = 6;
constexpr std::size_t kDirectionCount = 7;

class DistributedBodySpace;

// diag + R^T W R assembled from each rank's own rows (MUMPS sums the entries two ranks share) and
// factorized by MUMPS. The solution comes back in MUMPS' distribution and is imported onto the
// owned directions.
class MumpsNewtonFactorization final : public NewtonFactorization {
 public:
  explicit MumpsNewtonFactorization(const DistributedBodySpace& space);
  bool factorize(const Eigen::VectorXd& row_weights, const Eigen::VectorXd& diagonal) override;
  Eigen::VectorXd solve(const Eigen::VectorXd& rhs) override;

 private:
  void refresh_import(const std::vector<int>& solution_indices);

  const DistributedBodySpace& space_;
  std::vector<int> owned_directions_;             // global indices of this rank's directions
  std::unique_ptr<MumpsSymmetricSolver> solver_;  // null when no body can move
  std::vector<int> entry_slots_;                  // per product of two entries of a row of R, its matrix entry
  std::vector<int> diagonal_slots_;               // per owned direction
  std::vector<double> values_;                    // one per matrix entry
  std::vector<int> solution_indices_;
  Teuchos::RCP<const tpetra::Map> solution_map_;
  Teuchos::RCP<const tpetra::Import> solution_import_;
};

class DistributedBodySpace final : public BodySpace {
 public:
  DistributedBodySpace(const ContactOperator& op, DistributedFactorization factorization);

  Eigen::Index local_rows() const override { return static_cast<Eigen::Index>(rows_.size()); }
  const Eigen::VectorXd& mobility() const override { return mobility_; }
  double scale() const override { return scale_; }

  Eigen::VectorXd multiply(const Eigen::VectorXd& velocities) const override {
    std::copy(velocities.data(), velocities.data() + velocities.size(), column_data(*directions_, 0));
    jacobian_->apply(*directions_, *rows_vector_);
    return copy_out(*rows_vector_);
  }
  Eigen::VectorXd multiply_transpose(const Eigen::VectorXd& rows) const override {
    std::copy(rows.data(), rows.data() + rows.size(), column_data(*rows_vector_, 0));
    jacobian_->apply(*rows_vector_, *directions_, Teuchos::TRANS);
    return copy_out(*directions_);
  }
  void sum(double* values, int count) const override {
    MPI_Allreduce(MPI_IN_PLACE, values, count, MPI_DOUBLE, MPI_SUM, comm_);
  }
  double max(double local) const override {
    MPI_Allreduce(MPI_IN_PLACE, &local, 1, MPI_DOUBLE, MPI_MAX, comm_);
    return local;
  }
  std::unique_ptr<NewtonFactorization> newton_factorization() const override {
    if (factorization_ == DistributedFactorization::substructured) {
      return make_substructured_factorization(comm_, direction_map_, rows_);
    }
    return std::make_unique<MumpsNewtonFactorization>(*this);
  }
  using BodySpace::sum;

  MPI_Comm comm() const { return comm_; }
  const LocalJacobianRows& rows() const { return rows_; }
  const Teuchos::RCP<const tpetra::Map>& direction_map() const { return direction_map_; }

 private:
  static Eigen::VectorXd copy_out(tpetra::MultiVector& vector) {
    const auto size = static_cast<Eigen::Index>(vector.getLocalLength());
    return Eigen::Map<const Eigen::VectorXd>(column_data(vector, 0), size);
  }
  // The column bodies' Q_b, first direction and count (owned ones computed, ghosts imported).
  Teuchos::RCP<tpetra::MultiVector> column_directions(const DistributedConstraintMatrix::Impl& matrix,
                                                      const std::vector<MobileDirections>& owned,
                                                      GlobalOrdinal first_direction) const;
  void build_rows(const DistributedConstraintMatrix::Impl& matrix, const tpetra::MultiVector& bodies);

  MPI_Comm comm_;
  DistributedFactorization factorization_;
  double scale_;
  Eigen::VectorXd mobility_;
  Teuchos::RCP<const tpetra::Map> direction_map_;
  LocalJacobianRows rows_;
  Teuchos::RCP<Tpetra::CrsMatrix<double>> jacobian_;
  Teuchos::RCP<tpetra::Vector> directions_, rows_vector_;
};

DistributedBodySpace::DistributedBodySpace(const ContactOperator& op, DistributedFactorization factorization)
    : comm_(op.matrix().comm()), factorization_(factorization), scale_(op.scale()) {
  const DistributedConstraintMatrix::Impl& matrix = op.matrix().impl();
  std::vector<MobileDirections> owned;
  owned.reserve(matrix.owned_ids.size());
  std::vector<double> mobility;
  for (std::size_t b = 0; b < matrix.owned_ids.size(); ++b) {
    owned.push_back(mobile_directions(op.mobility().block(b)));
    mobility.insert(mobility.end(), owned.back().mobility.begin(), owned.back().mobility.end());
  }
  mobility_ = Eigen::Map<const Eigen::VectorXd>(mobility.data(), static_cast<Eigen::Index>(mobility.size()));

  long long local = static_cast<long long>(mobility.size()), first = 0, total = 0;
  MPI_Exscan(&local, &first, 1, MPI_LONG_LONG, MPI_SUM, comm_);
  MPI_Allreduce(&local, &total, 1, MPI_LONG_LONG, MPI_SUM, comm_);
  int rank = 0;
  MPI_Comm_rank(comm_, &rank);
  if (rank == 0) first = 0;  // MPI_Exscan leaves rank 0's result undefined
  if (total > std::numeric_limits<int>::max()) {
    throw std::runtime_error("body space: more mobile directions than MUMPS' 32-bit indices hold");
  }
  direction_map_ = Teuchos::rcp(new tpetra::Map(static_cast<Tpetra::global_size_t>(total),
                                                static_cast<std::size_t>(local), 0, matrix.teuchos_comm));
  build_rows(matrix, *column_directions(matrix, owned, static_cast<GlobalOrdinal>(first)));

  const Teuchos::RCP<const tpetra::Map>& row_map = matrix.constraint_layout.impl().map;
  std::size_t widest = 1;
  for (std::size_t r = 0; r < rows_.size(); ++r) widest = std::max(widest, rows_.offsets[r + 1] - rows_.offsets[r]);
  jacobian_ = Teuchos::rcp(new Tpetra::CrsMatrix<double>(row_map, widest));
  for (std::size_t r = 0; r < rows_.size(); ++r) {
    const std::size_t begin = rows_.offsets[r], count = rows_.offsets[r + 1] - begin;
    jacobian_->insertGlobalValues(row_map->getGlobalElement(static_cast<tpetra::LocalOrdinal>(r)),
                                  Teuchos::ArrayView<const GlobalOrdinal>(rows_.columns.data() + begin, count),
                                  Teuchos::ArrayView<const double>(rows_.values.data() + begin, count));
  }
  jacobian_->fillComplete(direction_map_, row_map);
  directions_ = Teuchos::rcp(new tpetra::Vector(direction_map_));
  rows_vector_ = Teuchos::rcp(new tpetra::Vector(row_map));
}

Teuchos::RCP<tpetra::MultiVector> DistributedBodySpace::column_directions(
    const DistributedConstraintMatrix::Impl& matrix, const std::vector<MobileDirections>& owned,
    GlobalOrdinal first_direction) const {
  auto bodies = Teuchos::rcp(new tpetra::MultiVector(matrix.column_map, kDirectionCount + 1));
  double* columns[kDirectionCount + 1];
  for (std::size_t j = 0; j <= kDirectionCount; ++j) columns[j] = column_data(*bodies, j);
  GlobalOrdinal next = first_direction;
  for (std::size_t b = 0; b < owned.size(); ++b) {
    const auto count = static_cast<std::size_t>(owned[b].basis.cols());
    for (std::size_t j = 0; j < count; ++j) {
      for (std::size_t i = 0; i < 6; ++i) {
        columns[j][6 * b + i] = owned[b].basis(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j));
      }
    }
    columns[kFirstDirection][6 * b] = static_cast<double>(next);
    columns[kDirectionCount][6 * b] = static_cast<double>(count);
    next += static_cast<GlobalOrdinal>(count);
  }
  if (matrix.teuchos_comm->getSize() > 1) {
    const std::size_t owned_dofs = matrix.body_map->getNodeNumElements();
    const Teuchos::RCP<const tpetra::MultiVector> owned_part = bodies->offsetView(matrix.body_map, 0);
    const Teuchos::RCP<tpetra::MultiVector> ghost_part = bodies->offsetViewNonConst(matrix.ghost_map, owned_dofs);
    ghost_part->doImport(*owned_part, *matrix.ghost_importer, Tpetra::INSERT);
  }
  return bodies;
}

// Row r of R: sum over its entries J_r(c, k) of J_r(c, k) Q_c(k, i) into direction i of body c.
void DistributedBodySpace::build_rows(const DistributedConstraintMatrix::Impl& matrix,
                                      const tpetra::MultiVector& bodies) {
  const double* basis[kBasisColumns];
  for (std::size_t j = 0; j < kBasisColumns; ++j) basis[j] = column_data(bodies, j);
  const double* first = column_data(bodies, kFirstDirection);
  const double* count = column_data(bodies, kDirectionCount);
  std::vector<std::pair<GlobalOrdinal, double>> row;
  for (const GenerationBlock& generation : matrix.generations) {
    const ConstraintBlockView view = generation.view();
    for (std::size_t r = 0; r < view.rows; ++r) {
      row.clear();
      for (std::size_t e = view.row_offsets[r]; e < view.row_offsets[r + 1]; ++e) {
        const auto body = static_cast<std::size_t>(view.columns[e] / 6);
        const auto dof = static_cast<std::size_t>(view.columns[e] % 6);
        const auto directions = static_cast<std::size_t>(count[6 * body]);
        for (std::size_t i = 0; i < directions; ++i) {
          row.emplace_back(static_cast<GlobalOrdinal>(first[6 * body]) + static_cast<GlobalOrdinal>(i),
                           view.values[e] * basis[i][6 * body + dof]);
        }
      }
      std::sort(row.begin(), row.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
      for (std::size_t k = 0; k < row.size(); ++k) {
        if (k > 0 && row[k].first == rows_.columns.back()) {
          rows_.values.back() += row[k].second;
        } else {
          rows_.columns.push_back(row[k].first);
          rows_.values.push_back(row[k].second);
        }
      }
      rows_.offsets.push_back(rows_.columns.size());
    }
  }
}

MumpsNewtonFactorization::MumpsNewtonFactorization(const DistributedBodySpace& space) : space_(space) {
  const tpetra::Map& map = *space.direction_map();
  for (std::size_t d = 0; d < map.getNodeNumElements(); ++d) {
    owned_directions_.push_back(static_cast<int>(map.getGlobalElement(static_cast<tpetra::LocalOrdinal>(d))));
  }
  if (map.getGlobalNumElements() == 0) return;
  // This rank's entries of the lower triangle, each once: the rows of one pair share their
  // bodies' entries, and summing them here, not in MUMPS, halves what it sorts and redistributes
  // at every factorization.
  std::map<std::pair<int, int>, int> slot_of;
  auto slot = [&](int row, int column) {
    return slot_of.emplace(std::make_pair(row, column), static_cast<int>(slot_of.size())).first->second;
  };
  const LocalJacobianRows& R = space.rows();
  for (std::size_t r = 0; r < R.size(); ++r) {
    for (std::size_t a = R.offsets[r]; a < R.offsets[r + 1]; ++a) {
      for (std::size_t b = R.offsets[r]; b <= a; ++b) {  // columns sorted: the lower triangle
        entry_slots_.push_back(slot(static_cast<int>(R.columns[a]), static_cast<int>(R.columns[b])));
      }
    }
  }
  for (const int d : owned_directions_) diagonal_slots_.push_back(slot(d, d));
  std::vector<int> rows(slot_of.size()), columns(slot_of.size());
  for (const auto& [entry, k] : slot_of) {
    rows[static_cast<std::size_t>(k)] = entry.first;
    columns[static_cast<std::size_t>(k)] = entry.second;
  }
  values_.resize(rows.size());
  solver_ = std::make_unique<MumpsSymmetricSolver>(space.comm(), static_cast<int>(map.getGlobalNumElements()),
                                                   std::move(rows), std::move(columns));
}

bool MumpsNewtonFactorization::factorize(const Eigen::VectorXd& row_weights, const Eigen::VectorXd& diagonal) {
  if (!solver_) return true;
  std::fill(values_.begin(), values_.end(), 0.0);
  const LocalJacobianRows& R = space_.rows();
  std::size_t k = 0;
  for (std::size_t r = 0; r < R.size(); ++r) {
    const double weight = row_weights[static_cast<Eigen::Index>(r)];
    if (weight == 0.0) {
      const std::size_t width = R.offsets[r + 1] - R.offsets[r];
      k += width * (width + 1) / 2;
      continue;
    }
    for (std::size_t a = R.offsets[r]; a < R.offsets[r + 1]; ++a) {
      for (std::size_t b = R.offsets[r]; b <= a; ++b) {
        values_[static_cast<std::size_t>(entry_slots_[k++])] += weight * R.values[a] * R.values[b];
      }
    }
  }
  for (Eigen::Index d = 0; d < diagonal.size(); ++d) {
    values_[static_cast<std::size_t>(diagonal_slots_[static_cast<std::size_t>(d)])] += diagonal[d];
  }
  return solver_->factorize(values_);
}

Eigen::VectorXd MumpsNewtonFactorization::solve(const Eigen::VectorXd& rhs) {
  const auto size = static_cast<Eigen::Index>(owned_directions_.size());
  if (!solver_) return Eigen::VectorXd::Zero(size);
  std::vector<int> indices;
  std::vector<double> values;
  if (!solver_->solve(owned_directions_, std::vector<double>(rhs.data(), rhs.data() + rhs.size()), indices, values)) {
    return Eigen::VectorXd::Constant(size, std::numeric_limits<double>::quiet_NaN());
  }
  refresh_import(indices);
  tpetra::Vector solution(solution_map_);
  std::copy(values.begin(), values.end(), column_data(solution, 0));
  tpetra::Vector owned(space_.direction_map());
  owned.doImport(solution, *solution_import_, Tpetra::INSERT);
  return Eigen::Map<const Eigen::VectorXd>(column_data(owned, 0), size);
}

// MUMPS fixes the solution's distribution at each factorization; it rarely changes, and the map
// and Import (collective) are rebuilt only when it did on some rank.
void MumpsNewtonFactorization::refresh_import(const std::vector<int>& solution_indices) {
  int changed = solution_map_.is_null() || solution_indices != solution_indices_ ? 1 : 0;
  MPI_Allreduce(MPI_IN_PLACE, &changed, 1, MPI_INT, MPI_MAX, space_.comm());
  if (changed == 0) return;
  solution_indices_ = solution_indices;
  const std::vector<GlobalOrdinal> gids(solution_indices.begin(), solution_indices.end());
  solution_map_ = Teuchos::rcp(new tpetra::Map(space_.direction_map()->getGlobalNumElements(),
                                               Teuchos::ArrayView<const GlobalOrdinal>(gids.data(), gids.size()), 0,
                                               space_.direction_map()->getComm()));
  solution_import_ = Teuchos::rcp(new tpetra::Import(solution_map_, space_.direction_map()));
}

}  // namespace

std::unique_ptr<BodySpace> make_distributed_body_space(const ContactOperator& op,
                                                       DistributedFactorization factorization) {
  return std::make_unique<DistributedBodySpace>(op, factorization);
}

namespace {

// Local, unlike Map::isSameAs: the direction maps are contiguous per rank.
bool same_contiguous_map(const tpetra::Map& a, const tpetra::Map& b) {
  return a.getGlobalNumElements() == b.getGlobalNumElements() && a.getNodeNumElements() == b.getNodeNumElements() &&
         a.getMinGlobalIndex() == b.getMinGlobalIndex();
}

}  // namespace

bool rows_extend(const BodySpace& earlier, const BodySpace& later) {
  const auto* before = dynamic_cast<const DistributedBodySpace*>(&earlier);
  const auto* after = dynamic_cast<const DistributedBodySpace*>(&later);
  if (before == nullptr || after == nullptr || before->scale() != after->scale() ||
      !same_contiguous_map(*before->direction_map(), *after->direction_map()) ||
      before->mobility().size() != after->mobility().size() ||
      (before->mobility().array() != after->mobility().array()).any()) {
    return false;
  }
  const LocalJacobianRows& old_rows = before->rows();
  const LocalJacobianRows& new_rows = after->rows();
  if (old_rows.size() > new_rows.size()) return false;
  const std::size_t entries = old_rows.offsets.back();
  return std::equal(old_rows.offsets.begin(), old_rows.offsets.end(), new_rows.offsets.begin()) &&
         std::equal(old_rows.columns.begin(), old_rows.columns.begin() + static_cast<std::ptrdiff_t>(entries),
                    new_rows.columns.begin()) &&
         std::equal(old_rows.values.begin(), old_rows.values.begin() + static_cast<std::ptrdiff_t>(entries),
                    new_rows.values.begin());
}

}  // namespace relcp::collision
