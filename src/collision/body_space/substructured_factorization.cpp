#include "collision/body_space/substructured_factorization.hpp"

#include <Eigen/Dense>
#include <Eigen/SparseCore>
#include <algorithm>
#include <utility>
#include <vector>

#include "collision/body_space/cholmod_newton_factorization.hpp"
#include "collision/body_space/dense_symmetric.hpp"
#include "collision/body_space/row_homes.hpp"

namespace relcp::collision {
namespace {

using GlobalOrdinal = tpetra::GlobalOrdinal;
using RowMatrix = Eigen::SparseMatrix<double, Eigen::RowMajor>;

// Rank r owns the directions [offsets[r], offsets[r + 1]) of the contiguous direction map.
std::vector<GlobalOrdinal> direction_offsets(MPI_Comm comm, const tpetra::Map& directions) {
  int ranks = 1;
  MPI_Comm_size(comm, &ranks);
  long long mine = static_cast<long long>(directions.getNodeNumElements());
  std::vector<long long> counts(static_cast<std::size_t>(ranks));
  MPI_Allgather(&mine, 1, MPI_LONG_LONG, counts.data(), 1, MPI_LONG_LONG, comm);
  std::vector<GlobalOrdinal> offsets(static_cast<std::size_t>(ranks) + 1, 0);
  for (std::size_t r = 0; r < counts.size(); ++r) offsets[r + 1] = offsets[r] + static_cast<GlobalOrdinal>(counts[r]);
  return offsets;
}

Eigen::Index position_in(const std::vector<GlobalOrdinal>& sorted, GlobalOrdinal id) {
  return std::lower_bound(sorted.begin(), sorted.end(), id) - sorted.begin();
}

class SubstructuredFactorization final : public NewtonFactorization {
 public:
  SubstructuredFactorization(MPI_Comm comm, const Teuchos::RCP<const tpetra::Map>& directions,
                             const LocalJacobianRows& own_rows);

  bool factorize(const Eigen::VectorXd& row_weights, const Eigen::VectorXd& diagonal) override;
  bool can_update() const override { return true; }
  bool update(const std::vector<Eigen::Index>& rows, const Eigen::VectorXd& from, const Eigen::VectorXd& to) override;
  Eigen::VectorXd solve(const Eigen::VectorXd& rhs) override;
  bool adopt(NewtonFactorization& previous) override;
  void keep_only_the_factor() override {
    if (local_ != nullptr) local_->keep_only_the_factor();
  }

 private:
  // The local directions: what this rank's rows and owned directions touch, interior ones (no
  // other rank touches them, all owned) first; the interface, numbered over all ranks.
  void number_directions(const LocalJacobianRows& rows);
  void build_jacobian(const LocalJacobianRows& rows);
  Eigen::Index trailing() const { return local_size_ - interior_; }
  bool on_every_rank(bool local) const;
  // S = sum of the ranks' trailing blocks L_BB D_B L_BB^T, factorized on every rank.
  bool factorize_interface();

  MPI_Comm comm_;
  Teuchos::RCP<const tpetra::Map> directions_;
  RowHomes homes_;                      // the rows this rank assembles
  std::vector<GlobalOrdinal> touched_;  // sorted global ids of the local directions
  Teuchos::RCP<const tpetra::Map> touched_map_;
  Teuchos::RCP<const tpetra::Import> touched_import_;  // owned directions -> touched ones
  std::vector<Eigen::Index> local_of_touched_;         // touched_[t]'s local direction
  Eigen::VectorXd diagonal_share_;                     // per touched direction: 1 / ranks touching it
  std::vector<Eigen::Index> local_of_owned_;           // per owned direction
  Eigen::Index local_size_ = 0;
  Eigen::Index interior_ = 0;
  std::vector<Eigen::Index> interface_of_local_;  // per local interface direction (local - interior_)
  Eigen::Index interface_size_ = 0;               // over all ranks
  RowMatrix jacobian_;                            // this rank's rows on the local directions
  std::unique_ptr<CholmodNewtonFactorization> local_;
  Eigen::MatrixXd trailing_lower_;                   // L_BB of the last factorization or update
  Eigen::MatrixXd trailing_lower_d_;                 // L_BB D_B
  std::vector<Eigen::Index> interface_of_trailing_;  // per trailing position of the factor
  DenseCholesky interface_;
};

SubstructuredFactorization::SubstructuredFactorization(MPI_Comm comm, const Teuchos::RCP<const tpetra::Map>& directions,
                                                       const LocalJacobianRows& own_rows)
    : comm_(comm), directions_(directions), homes_(comm, direction_offsets(comm, *directions), own_rows) {
  number_directions(homes_.rows());
  build_jacobian(homes_.rows());
  if (local_size_ > 0) local_ = std::make_unique<CholmodNewtonFactorization>(jacobian_, trailing());
}

void SubstructuredFactorization::number_directions(const LocalJacobianRows& rows) {
  const std::size_t owned = directions_->getNodeNumElements();
  touched_ = rows.columns;
  for (std::size_t d = 0; d < owned; ++d) {
    touched_.push_back(directions_->getGlobalElement(static_cast<tpetra::LocalOrdinal>(d)));
  }
  std::sort(touched_.begin(), touched_.end());
  touched_.erase(std::unique(touched_.begin(), touched_.end()), touched_.end());
  local_size_ = static_cast<Eigen::Index>(touched_.size());

  // How many ranks touch each direction: ones exported (summed) to the owners and imported back.
  touched_map_ = Teuchos::rcp(new tpetra::Map(Teuchos::OrdinalTraits<Tpetra::global_size_t>::invalid(),
                                              Teuchos::ArrayView<const GlobalOrdinal>(touched_.data(), touched_.size()),
                                              0, directions_->getComm()));
  touched_import_ = Teuchos::rcp(new tpetra::Import(directions_, touched_map_));
  tpetra::Vector ones(touched_map_), owner_counts(directions_), counts(touched_map_);
  ones.putScalar(1.0);
  owner_counts.doExport(ones, tpetra::Export(touched_map_, directions_), Tpetra::ADD);
  counts.doImport(owner_counts, *touched_import_, Tpetra::INSERT);
  const double* count = column_data(counts, 0);

  local_of_touched_.resize(touched_.size());
  diagonal_share_.resize(local_size_);
  std::vector<GlobalOrdinal> owned_interface;
  Eigen::Index next_interior = 0, next_interface = 0;
  for (std::size_t t = 0; t < touched_.size(); ++t) {
    if (count[t] < 1.5) ++interior_;
  }
  for (std::size_t t = 0; t < touched_.size(); ++t) {
    diagonal_share_[static_cast<Eigen::Index>(t)] = 1.0 / count[t];
    local_of_touched_[t] = count[t] < 1.5 ? next_interior++ : interior_ + next_interface++;
    if (count[t] >= 1.5 && directions_->isNodeGlobalElement(touched_[t])) owned_interface.push_back(touched_[t]);
  }
  for (std::size_t d = 0; d < owned; ++d) {
    const GlobalOrdinal id = directions_->getGlobalElement(static_cast<tpetra::LocalOrdinal>(d));
    local_of_owned_.push_back(local_of_touched_[static_cast<std::size_t>(position_in(touched_, id))]);
  }

  // The interface in global order, the same on every rank (each direction listed by its owner).
  int ranks = 1, mine = static_cast<int>(owned_interface.size());
  MPI_Comm_size(comm_, &ranks);
  std::vector<int> counts_per_rank(static_cast<std::size_t>(ranks)), offsets(static_cast<std::size_t>(ranks) + 1, 0);
  MPI_Allgather(&mine, 1, MPI_INT, counts_per_rank.data(), 1, MPI_INT, comm_);
  for (int r = 0; r < ranks; ++r) offsets[r + 1] = offsets[r] + counts_per_rank[r];
  std::vector<long long> interface(static_cast<std::size_t>(offsets.back()));
  const std::vector<long long> sent(owned_interface.begin(), owned_interface.end());
  MPI_Allgatherv(sent.data(), mine, MPI_LONG_LONG, interface.data(), counts_per_rank.data(), offsets.data(),
                 MPI_LONG_LONG, comm_);
  std::vector<GlobalOrdinal> all_interface(interface.begin(), interface.end());
  std::sort(all_interface.begin(), all_interface.end());
  interface_size_ = static_cast<Eigen::Index>(all_interface.size());
  interface_of_local_.resize(static_cast<std::size_t>(trailing()));
  for (std::size_t t = 0; t < touched_.size(); ++t) {
    const Eigen::Index local = local_of_touched_[t];
    if (local >= interior_) {
      interface_of_local_[static_cast<std::size_t>(local - interior_)] = position_in(all_interface, touched_[t]);
    }
  }
}

void SubstructuredFactorization::build_jacobian(const LocalJacobianRows& rows) {
  std::vector<Eigen::Triplet<double>> entries;
  entries.reserve(rows.values.size());
  for (std::size_t r = 0; r < rows.size(); ++r) {
    for (std::size_t k = rows.offsets[r]; k < rows.offsets[r + 1]; ++k) {
      const auto t = static_cast<std::size_t>(position_in(touched_, rows.columns[k]));
      entries.emplace_back(static_cast<Eigen::Index>(r), local_of_touched_[t], rows.values[k]);
    }
  }
  jacobian_.resize(static_cast<Eigen::Index>(rows.size()), local_size_);
  jacobian_.setFromTriplets(entries.begin(), entries.end());
  jacobian_.makeCompressed();
}

bool SubstructuredFactorization::on_every_rank(bool local) const {
  int ok = local ? 1 : 0;
  MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_MIN, comm_);
  return ok == 1;
}

bool SubstructuredFactorization::factorize(const Eigen::VectorXd& row_weights, const Eigen::VectorXd& diagonal) {
  // Each rank's K_p carries an equal share of a shared direction's diagonal, so that the K_p are
  // positive definite and sum to H.
  tpetra::Vector owned(directions_), touched(touched_map_);
  std::copy(diagonal.data(), diagonal.data() + diagonal.size(), column_data(owned, 0));
  touched.doImport(owned, *touched_import_, Tpetra::INSERT);
  const double* values = column_data(touched, 0);
  Eigen::VectorXd local_diagonal(local_size_);
  for (std::size_t t = 0; t < touched_.size(); ++t) {
    local_diagonal[local_of_touched_[t]] = values[t] * diagonal_share_[static_cast<Eigen::Index>(t)];
  }
  const Eigen::VectorXd weights = homes_.move(row_weights);  // collective: before any rank may skip
  const bool factorized = local_ == nullptr || local_->factorize(weights, local_diagonal);
  return on_every_rank(factorized) && factorize_interface();
}

bool SubstructuredFactorization::update(const std::vector<Eigen::Index>&, const Eigen::VectorXd& own_from,
                                        const Eigen::VectorXd& own_to) {
  const Eigen::VectorXd from = homes_.move(own_from), to = homes_.move(own_to);
  std::vector<Eigen::Index> changed;
  for (Eigen::Index r = 0; r < from.size(); ++r) {
    if (from[r] != to[r]) changed.push_back(r);
  }
  const bool updated = local_ == nullptr || local_->update(changed, from, to);
  return on_every_rank(updated) && factorize_interface();
}

// ReLCP's re-solve of a step appends rows: where they leave every rank's local directions and
// interface as they were, the local factors and S are those of this LCP with the new rows at
// weight zero, and updates take it from there. Collective; the same answer on every rank.
bool SubstructuredFactorization::adopt(NewtonFactorization& previous) {
  auto* earlier = dynamic_cast<SubstructuredFactorization*>(&previous);
  const bool same_directions =
      earlier != nullptr && earlier->touched_ == touched_ && earlier->local_of_touched_ == local_of_touched_ &&
      earlier->interface_of_local_ == interface_of_local_ && earlier->interface_size_ == interface_size_ &&
      (earlier->local_ == nullptr) == (local_ == nullptr);
  if (!on_every_rank(same_directions)) return false;
  if (!on_every_rank(local_ == nullptr || local_->adopt(*earlier->local_))) return false;
  trailing_lower_ = std::move(earlier->trailing_lower_);
  trailing_lower_d_ = std::move(earlier->trailing_lower_d_);
  interface_of_trailing_ = std::move(earlier->interface_of_trailing_);
  interface_ = std::move(earlier->interface_);
  return true;
}

bool SubstructuredFactorization::factorize_interface() {
  if (interface_size_ == 0) return true;
  Eigen::MatrixXd schur = Eigen::MatrixXd::Zero(interface_size_, interface_size_);
  if (trailing() > 0) {
    Eigen::VectorXd diagonal;
    std::vector<Eigen::Index> order;
    local_->trailing_block(trailing_lower_, diagonal, order);
    interface_of_trailing_.resize(order.size());
    for (std::size_t j = 0; j < order.size(); ++j) {
      interface_of_trailing_[j] = interface_of_local_[static_cast<std::size_t>(order[j])];
    }
    trailing_lower_d_ = trailing_lower_ * diagonal.asDiagonal();
    const Eigen::MatrixXd local_schur = lower_times_transpose(trailing_lower_ * diagonal.cwiseSqrt().asDiagonal());
    for (Eigen::Index j = 0; j < trailing(); ++j) {
      const Eigen::Index column = interface_of_trailing_[static_cast<std::size_t>(j)];
      for (Eigen::Index i = j; i < trailing(); ++i) {
        const Eigen::Index row = interface_of_trailing_[static_cast<std::size_t>(i)];
        schur(std::max(row, column), std::min(row, column)) += local_schur(i, j);
      }
    }
  }
  MPI_Allreduce(MPI_IN_PLACE, schur.data(), static_cast<int>(schur.size()), MPI_DOUBLE, MPI_SUM, comm_);
  return on_every_rank(interface_.factorize(std::move(schur)));
}

// H x = b: with g_p = K_BI K_II^-1 b_I on each rank, x_B = S^-1 (b_B - sum g_p) and
// x_I = K_II^-1 (b_I - K_IB x_B). The forward substitution w = (L D)^-1 P [b_I; 0] gives
// g_p = -L_BB D_B w_B, and the back substitution of [w_I; L_BB^T x_B] gives [x_I; x_B].
Eigen::VectorXd SubstructuredFactorization::solve(const Eigen::VectorXd& rhs) {
  Eigen::VectorXd b = Eigen::VectorXd::Zero(local_size_);
  for (std::size_t o = 0; o < local_of_owned_.size(); ++o) {
    if (local_of_owned_[o] < interior_) b[local_of_owned_[o]] = rhs[static_cast<Eigen::Index>(o)];
  }
  Eigen::VectorXd w = local_ != nullptr ? local_->forward_solve(b) : Eigen::VectorXd();
  if (interface_size_ > 0) {
    Eigen::VectorXd interface_rhs = Eigen::VectorXd::Zero(interface_size_);
    if (trailing() > 0) {
      const Eigen::VectorXd minus_g = trailing_lower_d_.triangularView<Eigen::Lower>() * w.tail(trailing());
      for (Eigen::Index j = 0; j < trailing(); ++j) {
        interface_rhs[interface_of_trailing_[static_cast<std::size_t>(j)]] += minus_g[j];
      }
    }
    for (std::size_t o = 0; o < local_of_owned_.size(); ++o) {
      const Eigen::Index local = local_of_owned_[o];
      if (local >= interior_) {
        interface_rhs[interface_of_local_[static_cast<std::size_t>(local - interior_)]] +=
            rhs[static_cast<Eigen::Index>(o)];
      }
    }
    MPI_Allreduce(MPI_IN_PLACE, interface_rhs.data(), static_cast<int>(interface_size_), MPI_DOUBLE, MPI_SUM, comm_);
    const Eigen::VectorXd interface_solution = interface_.solve(interface_rhs);
    if (trailing() > 0) {
      Eigen::VectorXd mine(trailing());
      for (Eigen::Index j = 0; j < trailing(); ++j) {
        mine[j] = interface_solution[interface_of_trailing_[static_cast<std::size_t>(j)]];
      }
      w.tail(trailing()) = trailing_lower_.triangularView<Eigen::Lower>().transpose() * mine;
    }
  }
  Eigen::VectorXd solution(static_cast<Eigen::Index>(local_of_owned_.size()));
  if (local_ == nullptr) return solution;
  const Eigen::VectorXd x = local_->backward_solve(w);
  for (std::size_t o = 0; o < local_of_owned_.size(); ++o)
    solution[static_cast<Eigen::Index>(o)] = x[local_of_owned_[o]];
  return solution;
}

}  // namespace

std::unique_ptr<NewtonFactorization> make_substructured_factorization(MPI_Comm comm,
                                                                      const Teuchos::RCP<const tpetra::Map>& directions,
                                                                      const LocalJacobianRows& rows) {
  return std::make_unique<SubstructuredFactorization>(comm, directions, rows);
}

}  // namespace relcp::collision
