#pragma once
// Random distributed contact-like problems for the collision MPI tests: bodies with ids spread
// over the ranks in no particular pattern, random constraint rows (12 non-zeros for a pair, 6 for
// a wall) owned by random ranks, and symmetric positive definite 6x6 mobility blocks. Every rank
// generates the same global data from the seed and keeps its share, so the serial reference
// (sparse J, M, A = s J M J^T, rows in the global order (generation, sort key)) is available on
// every rank.

#include <mpi.h>

#include <Eigen/Dense>
#include <Eigen/Sparse>
#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <tuple>
#include <vector>

#include "collision/assembly/block_diagonal_mobility.hpp"
#include "collision/assembly/constraint_record.hpp"
#include "collision/assembly/distributed_constraint_matrix.hpp"
#include "collision/linalg/distributed_vector.hpp"

namespace relcp::collision::testing {

inline int rank_of(MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  return rank;
}

inline int size_of(MPI_Comm comm) {
  int size = 1;
  MPI_Comm_size(comm, &size);
  return size;
}

// A row's place in the global order: (generation, body A, body B, wall, creation index).
using RowKey = std::tuple<int, GlobalId, GlobalId, int, int>;
using SparseMatrix = Eigen::SparseMatrix<double, Eigen::RowMajor, int>;

struct GlobalRow {
  RowKey key;
  ConstraintRecord record;
  int owner = 0;  // the rank that appends it
};

struct ProblemShape {
  int bodies = 40;
  std::vector<int> rows_per_generation = {60};
  double wall_fraction = 0.15;
  bool diagonal_mobility = true;
  std::uint64_t seed = 1;
  // Each random pair or wall gets this many consecutive rows whose translational parts on the two
  // bodies are opposite, as contact rows are (the contact operator's compact rows); 0: single rows
  // with independent random entries.
  int rows_per_contact = 0;
  // With rows_per_contact: a contact's rows are rigid motions' rates at one point per body, their
  // angular parts the body's arm crossed with the translational part (the compact rows' lever form).
  bool lever_arms = false;
};

class RandomContactProblem {
 public:
  RandomContactProblem(MPI_Comm comm, const ProblemShape& shape) : comm_(comm), shape_(shape) {
    std::mt19937_64 rng(shape.seed);
    const int ranks = size_of(comm);
    const int rank = rank_of(comm);
    // Ids with gaps, owners scattered: body maps are not contiguous.
    std::uniform_int_distribution<int> pick_rank(0, ranks - 1);
    for (int i = 0; i < shape.bodies; ++i) {
      const GlobalId id = 3 * i + 1;
      ids_.push_back(id);
      const int owner = pick_rank(rng);
      owner_of_.emplace(id, owner);
      if (owner == rank) owned_.push_back(id);
      blocks_.push_back(random_block(rng));
    }
    std::uniform_int_distribution<int> pick_body(0, shape.bodies - 1);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    std::bernoulli_distribution wall(shape.wall_fraction);
    for (int g = 0; g < static_cast<int>(shape.rows_per_generation.size()); ++g) {
      std::map<std::tuple<GlobalId, GlobalId, int>, int> count_of_pair;
      for (int r = 0; r < shape.rows_per_generation[g]; r += std::max(1, shape.rows_per_contact)) {
        ConstraintRecord record;
        record.body_a = ids_[pick_body(rng)];
        if (wall(rng)) {
          record.wall = static_cast<int>(rng() % 2);
        } else {
          do {
            record.body_b = ids_[pick_body(rng)];
          } while (record.body_b == record.body_a);
        }
        int owner = 0;  // drawn after the first row's entries, as before rows_per_contact existed
        Eigen::Vector3d arm_a = Eigen::Vector3d::Zero(), arm_b = Eigen::Vector3d::Zero();
        if (shape.lever_arms) {
          for (int k = 0; k < 3; ++k) arm_a[k] = unit(rng);
          for (int k = 0; k < 3; ++k) arm_b[k] = unit(rng);
        }
        for (int c = 0; c < std::max(1, shape.rows_per_contact); ++c) {
          record.creation_index = count_of_pair[{record.body_a, record.body_b, record.wall}]++;
          record.phi = unit(rng);
          for (int k = 0; k < (record.is_wall() ? 6 : 12); ++k) record.row[k] = unit(rng);
          if (shape.rows_per_contact > 0 && !record.is_wall()) {
            for (int k = 0; k < 3; ++k) record.row[6 + k] = -record.row[k];
          }
          if (shape.rows_per_contact > 0 && shape.lever_arms) {
            const Eigen::Vector3d t = record.row.head<3>();
            record.row.segment<3>(3) = arm_a.cross(t);
            if (!record.is_wall()) record.row.segment<3>(9) = -arm_b.cross(t);
          }
          if (c == 0) owner = pick_rank(rng);
          rows_.push_back(
              GlobalRow{RowKey{g, record.body_a, record.body_b, record.wall, record.creation_index}, record, owner});
        }
      }
    }
    std::sort(rows_.begin(), rows_.end(), [](const GlobalRow& x, const GlobalRow& y) { return x.key < y.key; });
  }

  int generations() const { return static_cast<int>(shape_.rows_per_generation.size()); }
  const std::vector<GlobalId>& owned_ids() const { return owned_; }
  const std::vector<GlobalRow>& rows() const { return rows_; }

  // This rank's records of one generation.
  std::vector<ConstraintRecord> records(int generation) const {
    const int rank = rank_of(comm_);
    std::vector<ConstraintRecord> mine;
    for (const GlobalRow& row : rows_) {
      if (std::get<0>(row.key) == generation && row.owner == rank) mine.push_back(row.record);
    }
    return mine;
  }

  // The matrix with the first `generations` generations appended.
  DistributedConstraintMatrix matrix(int generations) const {
    DistributedConstraintMatrix matrix(comm_, owned_);
    for (int g = 0; g < generations; ++g) matrix.append(records(g));
    return matrix;
  }

  BlockDiagonalMobility mobility() const {
    std::vector<BlockDiagonalMobility::Block> mine;
    for (const GlobalId id : owned_) mine.push_back(blocks_[index_of(id)]);
    return BlockDiagonalMobility(mine);
  }

  // Serial references over the rows of the first `generations` generations, in global order.
  SparseMatrix serial_J(int generations) const {
    std::vector<const GlobalRow*> selected = rows_up_to(generations);
    std::vector<Eigen::Triplet<double>> entries;
    for (std::size_t r = 0; r < selected.size(); ++r) {
      const ConstraintRecord& record = selected[r]->record;
      const int row = static_cast<int>(r);
      for (int k = 0; k < 6; ++k) {
        entries.emplace_back(row, 6 * index_of(record.body_a) + k, record.row[k]);
        if (!record.is_wall()) {
          entries.emplace_back(row, 6 * index_of(record.body_b) + k, record.row[6 + k]);
        }
      }
    }
    SparseMatrix J(static_cast<Eigen::Index>(selected.size()), 6 * shape_.bodies);
    J.setFromTriplets(entries.begin(), entries.end());
    return J;
  }
  SparseMatrix serial_M() const {
    std::vector<Eigen::Triplet<double>> entries;
    for (int b = 0; b < shape_.bodies; ++b) {
      for (int i = 0; i < 6; ++i) {
        for (int j = 0; j < 6; ++j) {
          if (blocks_[b](i, j) != 0.0) entries.emplace_back(6 * b + i, 6 * b + j, blocks_[b](i, j));
        }
      }
    }
    SparseMatrix M(6 * shape_.bodies, 6 * shape_.bodies);
    M.setFromTriplets(entries.begin(), entries.end());
    return M;
  }
  // s J M J^T, exactly symmetric.
  SparseMatrix serial_A(int generations, double scale) const {
    const SparseMatrix J = serial_J(generations);
    const SparseMatrix JT = J.transpose();
    SparseMatrix A = scale * (J * serial_M() * JT);
    const SparseMatrix AT = A.transpose();
    A = 0.5 * (A + AT);
    A.makeCompressed();
    return A;
  }
  Eigen::VectorXd phi(int generations) const {
    std::vector<const GlobalRow*> selected = rows_up_to(generations);
    Eigen::VectorXd values(static_cast<Eigen::Index>(selected.size()));
    for (std::size_t r = 0; r < selected.size(); ++r) values[r] = selected[r]->record.phi;
    return values;
  }
  int index_of(GlobalId id) const { return static_cast<int>((id - 1) / 3); }
  int body_count() const { return shape_.bodies; }

 private:
  std::vector<const GlobalRow*> rows_up_to(int generations) const {
    std::vector<const GlobalRow*> selected;
    for (const GlobalRow& row : rows_) {
      if (std::get<0>(row.key) < generations) selected.push_back(&row);
    }
    return selected;
  }

  BlockDiagonalMobility::Block random_block(std::mt19937_64& rng) const {
    std::uniform_real_distribution<double> size(0.5, 2.0);
    if (shape_.diagonal_mobility) {
      const double translational = size(rng);
      const double rotational = size(rng);
      BlockDiagonalMobility::Block block = BlockDiagonalMobility::Block::Zero();
      block.diagonal() << translational, translational, translational, rotational, rotational, rotational;
      return block;
    }
    std::normal_distribution<double> normal;
    Eigen::Matrix<double, 6, 6> B;
    for (int i = 0; i < 36; ++i) B.data()[i] = normal(rng);
    BlockDiagonalMobility::Block block = B * B.transpose() / 6.0;
    block.diagonal().array() += 0.5;
    return 0.5 * (block + block.transpose());
  }

  MPI_Comm comm_;
  ProblemShape shape_;
  std::vector<GlobalId> ids_;
  std::map<GlobalId, int> owner_of_;
  std::vector<GlobalId> owned_;
  std::vector<BlockDiagonalMobility::Block> blocks_;
  std::vector<GlobalRow> rows_;
};

// ---- gathering distributed vectors into the serial order ------------------------------------

// Every rank gets the whole vector of a constraint-layout vector, in the global row order.
inline Eigen::VectorXd gather_rows(const DistributedConstraintMatrix& matrix, const DistributedVector& values) {
  const MPI_Comm comm = matrix.comm();
  const ConstraintSet& set = matrix.constraints();
  // (generation, a, b, wall, creation index, value) as 6 doubles; ids are small in tests.
  std::vector<double> mine;
  for (int g = 0; g < set.generation_count(); ++g) {
    for (std::size_t r = set.generation_begin(g); r < set.generation_end(g); ++r) {
      const ConstraintRecord& rec = set[r];
      mine.insert(mine.end(), {double(g), double(rec.body_a), double(rec.body_b), double(rec.wall),
                               double(rec.creation_index), values[r]});
    }
  }
  const int ranks = size_of(comm);
  int count = static_cast<int>(mine.size());
  std::vector<int> counts(ranks), offsets(ranks, 0);
  MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, comm);
  for (int r = 1; r < ranks; ++r) offsets[r] = offsets[r - 1] + counts[r - 1];
  std::vector<double> all(offsets[ranks - 1] + counts[ranks - 1]);
  MPI_Allgatherv(mine.data(), count, MPI_DOUBLE, all.data(), counts.data(), offsets.data(), MPI_DOUBLE, comm);
  std::vector<std::pair<RowKey, double>> keyed;
  for (std::size_t i = 0; i < all.size(); i += 6) {
    keyed.push_back({RowKey{int(all[i]), GlobalId(all[i + 1]), GlobalId(all[i + 2]), int(all[i + 3]), int(all[i + 4])},
                     all[i + 5]});
  }
  std::sort(keyed.begin(), keyed.end());
  Eigen::VectorXd result(static_cast<Eigen::Index>(keyed.size()));
  for (std::size_t i = 0; i < keyed.size(); ++i) result[i] = keyed[i].second;
  return result;
}

// Every rank gets the whole body vector (6 per body, bodies by index), from the body layout.
inline Eigen::VectorXd gather_bodies(const RandomContactProblem& problem, const DistributedConstraintMatrix& matrix,
                                     const DistributedVector& values) {
  Eigen::VectorXd mine = Eigen::VectorXd::Zero(6 * problem.body_count());
  const std::vector<GlobalId>& owned = matrix.owned_body_ids();
  for (std::size_t b = 0; b < owned.size(); ++b) {
    for (int k = 0; k < 6; ++k) mine[6 * problem.index_of(owned[b]) + k] = values[6 * b + k];
  }
  Eigen::VectorXd all(mine.size());
  MPI_Allreduce(mine.data(), all.data(), static_cast<int>(mine.size()), MPI_DOUBLE, MPI_SUM, matrix.comm());
  return all;
}

// A constraint-layout vector from the serial one (global row order).
inline DistributedVector scatter_rows(const DistributedConstraintMatrix& matrix, const Eigen::VectorXd& serial,
                                      const RandomContactProblem& problem) {
  std::map<RowKey, Eigen::Index> position;
  for (std::size_t r = 0; r < problem.rows().size(); ++r) {
    position.emplace(problem.rows()[r].key, static_cast<Eigen::Index>(r));
  }
  DistributedVector values(matrix.constraint_layout());
  const ConstraintSet& set = matrix.constraints();
  for (int g = 0; g < set.generation_count(); ++g) {
    for (std::size_t r = set.generation_begin(g); r < set.generation_end(g); ++r) {
      const ConstraintRecord& rec = set[r];
      values[r] = serial[position.at(RowKey{g, rec.body_a, rec.body_b, rec.wall, rec.creation_index})];
    }
  }
  return values;
}

// A body-layout vector from the serial one.
inline DistributedVector scatter_bodies(const DistributedConstraintMatrix& matrix, const Eigen::VectorXd& serial,
                                        const RandomContactProblem& problem) {
  DistributedVector values(matrix.body_layout());
  const std::vector<GlobalId>& owned = matrix.owned_body_ids();
  for (std::size_t b = 0; b < owned.size(); ++b) {
    for (int k = 0; k < 6; ++k) values[6 * b + k] = serial[6 * problem.index_of(owned[b]) + k];
  }
  return values;
}

}  // namespace relcp::collision::testing
