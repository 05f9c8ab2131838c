#include "collision/body_space/body_space_lcp.hpp"

#include "collision/body_space/mobile_directions.hpp"

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace relcp::collision {
namespace {

constexpr int kEntryFields = 4;  // global row, body id, dof, value
constexpr int kBodyFields = 37;  // body id, the 6x6 block row by row

int rank_of(MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  return rank;
}

// Concatenates every rank's `local` on rank 0, in rank order.
std::vector<double> gather_doubles(MPI_Comm comm, const std::vector<double>& local) {
  int size = 1;
  MPI_Comm_size(comm, &size);
  const int count = static_cast<int>(local.size());
  std::vector<int> counts(static_cast<std::size_t>(size)), offsets(static_cast<std::size_t>(size));
  MPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, comm);
  std::vector<double> all;
  if (rank_of(comm) == 0) {
    int total = 0;
    for (int r = 0; r < size; ++r) {
      offsets[static_cast<std::size_t>(r)] = total;
      total += counts[static_cast<std::size_t>(r)];
    }
    all.resize(static_cast<std::size_t>(total));
  }
  MPI_Gatherv(local.data(), count, MPI_DOUBLE, all.data(), counts.data(), offsets.data(), MPI_DOUBLE, 0, comm);
  return all;
}

// Room in a column key for a body's directions (at most six).
constexpr std::uint64_t kDirectionsPerBody = 8;

// A body's mobile directions and the first of its columns in R.
struct BodyColumns {
  Eigen::Index first_column = 0;
  Eigen::Matrix<double, 6, Eigen::Dynamic> basis;
};

}  // namespace

Eigen::VectorXd gather_to_root(const DistributedVector& x) {
  const std::vector<double> local(x.local_data(), x.local_data() + x.local_size());
  const std::vector<double> all = gather_doubles(x.layout().comm(), local);
  return Eigen::Map<const Eigen::VectorXd>(all.data(), static_cast<Eigen::Index>(all.size()));
}

void scatter_from_root(const Eigen::VectorXd& global, DistributedVector& x) {
  const MPI_Comm comm = x.layout().comm();
  int size = 1;
  MPI_Comm_size(comm, &size);
  const int count = static_cast<int>(x.local_size());
  std::vector<int> counts(static_cast<std::size_t>(size)), offsets(static_cast<std::size_t>(size));
  MPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, comm);
  for (int r = 1; r < size; ++r) {
    offsets[static_cast<std::size_t>(r)] =
        offsets[static_cast<std::size_t>(r - 1)] + counts[static_cast<std::size_t>(r - 1)];
  }
  MPI_Scatterv(global.data(), counts.data(), offsets.data(), MPI_DOUBLE, x.local_data(), count, MPI_DOUBLE, 0, comm);
}

// Every body's mobile directions and where its columns start in R, on rank 0.
struct GrowingBodySpaceLcp::Bodies {
  std::unordered_map<GlobalId, BodyColumns> directions;
  Eigen::VectorXd mobility;
  std::vector<std::uint64_t> column_keys;  // BodySpaceLcp::column_keys
};

GrowingBodySpaceLcp::GrowingBodySpaceLcp(const ContactOperator& op, const GrowingBodySpaceLcp* previous) {
  const DistributedConstraintMatrix& matrix = op.matrix();
  const MPI_Comm comm = matrix.comm();
  const VectorLayout& rows = matrix.constraint_layout();
  epoch_ = matrix.epoch();
  local_rows_ = rows.local_size();
  lcp_.scale = op.scale();

  // An earlier LCP of the same epoch is a prefix of this one on every rank: the same bodies and
  // mobility (the step's), rows only appended.
  int grows = previous != nullptr && previous->epoch_ == epoch_ && previous->local_rows_ <= local_rows_ &&
                      previous->lcp_.scale == lcp_.scale
                  ? 1
                  : 0;
  MPI_Allreduce(MPI_IN_PLACE, &grows, 1, MPI_INT, MPI_MIN, comm);
  const std::size_t first_new = grows == 1 ? previous->local_rows_ : 0;

  int ranks = 1;
  MPI_Comm_size(comm, &ranks);
  const int local = static_cast<int>(local_rows_);
  rank_rows_.resize(static_cast<std::size_t>(ranks));
  MPI_Gather(&local, 1, MPI_INT, rank_rows_.data(), 1, MPI_INT, 0, comm);

  const std::int64_t first_row = rows.local_size() > 0 ? rows.global_index(0) : 0;
  std::vector<double> entries;
  for (const ConstraintEntry& entry : matrix.local_entries(first_new)) {
    entries.insert(entries.end(), {static_cast<double>(first_row + static_cast<std::int64_t>(entry.row)),
                                   static_cast<double>(entry.body), static_cast<double>(entry.dof), entry.value});
  }
  const std::vector<double> all_entries = gather_doubles(comm, entries);
  if (grows == 1) {
    grew_from_ = previous;
    bodies_ = previous->bodies_;
  } else {
    bodies_ = gather_bodies(op);
  }
  if (rank_of(comm) != 0) return;
  const Bodies& bodies = *bodies_;

  using RowMatrix = Eigen::SparseMatrix<double, Eigen::RowMajor>;
  const auto columns = static_cast<Eigen::Index>(bodies.mobility.size());
  std::vector<Eigen::Triplet<double>> triplets;
  for (std::size_t k = 0; k < all_entries.size(); k += kEntryFields) {
    const auto row = static_cast<Eigen::Index>(all_entries[k]);
    const BodyColumns& body = bodies.directions.at(static_cast<GlobalId>(all_entries[k + 1]));
    const auto dof = static_cast<Eigen::Index>(all_entries[k + 2]);
    for (Eigen::Index i = 0; i < body.basis.cols(); ++i) {
      triplets.emplace_back(row, body.first_column + i, all_entries[k + 3] * body.basis(dof, i));
    }
  }
  lcp_.mobility = bodies.mobility;
  lcp_.column_keys = bodies.column_keys;
  lcp_.jacobian.resize(rows.global_size(), columns);
  if (grows == 0) {
    lcp_.jacobian.setFromTriplets(triplets.begin(), triplets.end());
    return;
  }
  // The earlier rows of each rank copied, its appended rows from the triplets.
  RowMatrix fresh(rows.global_size(), columns);
  fresh.setFromTriplets(triplets.begin(), triplets.end());
  const RowMatrix& old = previous->lcp_.jacobian;
  lcp_.jacobian.reserve(old.nonZeros() + fresh.nonZeros());
  Eigen::Index row = 0, old_row = 0;
  for (std::size_t p = 0; p < rank_rows_.size(); ++p) {
    for (int i = 0; i < rank_rows_[p]; ++i, ++row) {
      const bool earlier = i < previous->rank_rows_[p];
      const RowMatrix& source = earlier ? old : fresh;
      lcp_.jacobian.startVec(row);
      for (RowMatrix::InnerIterator it(source, earlier ? old_row++ : row); it; ++it) {
        lcp_.jacobian.insertBack(row, it.col()) = it.value();
      }
    }
  }
  lcp_.jacobian.finalize();
}

GrowingBodySpaceLcp::~GrowingBodySpaceLcp() = default;

BodySpaceLcp gather_body_space_lcp(const ContactOperator& op) { return GrowingBodySpaceLcp(op, nullptr).release_lcp(); }

std::shared_ptr<const GrowingBodySpaceLcp::Bodies> GrowingBodySpaceLcp::gather_bodies(const ContactOperator& op) {
  const DistributedConstraintMatrix& matrix = op.matrix();
  std::vector<double> bodies;
  const std::vector<GlobalId>& owned = matrix.owned_body_ids();
  for (std::size_t b = 0; b < owned.size(); ++b) {
    bodies.push_back(static_cast<double>(owned[b]));
    const BlockDiagonalMobility::Block block = op.mobility().block(b);
    for (int i = 0; i < 6; ++i) {
      for (int j = 0; j < 6; ++j) bodies.push_back(block(i, j));
    }
  }
  const std::vector<double> all_bodies = gather_doubles(matrix.comm(), bodies);
  auto gathered = std::make_shared<GrowingBodySpaceLcp::Bodies>();
  if (rank_of(matrix.comm()) != 0) return gathered;
  std::vector<double> mobility;
  for (std::size_t k = 0; k < all_bodies.size(); k += kBodyFields) {
    Eigen::Matrix<double, 6, 6> block;
    for (int i = 0; i < 6; ++i) {
      for (int j = 0; j < 6; ++j) block(i, j) = all_bodies[k + 1 + static_cast<std::size_t>(6 * i + j)];
    }
    MobileDirections mobile = mobile_directions(block);
    const auto id = static_cast<GlobalId>(all_bodies[k]);
    for (Eigen::Index i = 0; i < mobile.basis.cols(); ++i) {
      gathered->column_keys.push_back(kDirectionsPerBody * static_cast<std::uint64_t>(id) +
                                      static_cast<std::uint64_t>(i));
    }
    BodyColumns body{static_cast<Eigen::Index>(mobility.size()), std::move(mobile.basis)};
    mobility.insert(mobility.end(), mobile.mobility.begin(), mobile.mobility.end());
    gathered->directions.emplace(id, std::move(body));
  }
  gathered->mobility = Eigen::Map<const Eigen::VectorXd>(mobility.data(), static_cast<Eigen::Index>(mobility.size()));
  return gathered;
}

}  // namespace relcp::collision
