#include "collision/body_space/row_homes.hpp"

#include <algorithm>
#include <numeric>

namespace relcp::collision {
namespace {

std::vector<int> offsets_of(const std::vector<int>& counts) {
  std::vector<int> offsets(counts.size() + 1, 0);
  std::partial_sum(counts.begin(), counts.end(), offsets.begin() + 1);
  return offsets;
}

}  // namespace

RowHomes::RowHomes(MPI_Comm comm, const std::vector<tpetra::GlobalOrdinal>& direction_offsets,
                   const LocalJacobianRows& own)
    : comm_(comm) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(comm_, &rank);
  MPI_Comm_size(comm_, &ranks);
  auto owner = [&](tpetra::GlobalOrdinal direction) {
    return static_cast<int>(std::upper_bound(direction_offsets.begin(), direction_offsets.end(), direction) -
                            direction_offsets.begin()) -
           1;
  };
  std::vector<std::vector<Eigen::Index>> leaving(static_cast<std::size_t>(ranks));
  for (std::size_t r = 0; r < own.size(); ++r) {
    int home = rank;
    for (std::size_t k = own.offsets[r]; k < own.offsets[r + 1]; ++k) home = std::min(home, owner(own.columns[k]));
    if (home == rank) {
      kept_.push_back(static_cast<Eigen::Index>(r));
    } else {
      leaving[static_cast<std::size_t>(home)].push_back(static_cast<Eigen::Index>(r));
    }
  }
  send_counts_.assign(static_cast<std::size_t>(ranks), 0);
  for (int q = 0; q < ranks; ++q) {
    send_counts_[static_cast<std::size_t>(q)] = static_cast<int>(leaving[static_cast<std::size_t>(q)].size());
    sent_.insert(sent_.end(), leaving[static_cast<std::size_t>(q)].begin(), leaving[static_cast<std::size_t>(q)].end());
  }
  receive_counts_.assign(static_cast<std::size_t>(ranks), 0);
  MPI_Alltoall(send_counts_.data(), 1, MPI_INT, receive_counts_.data(), 1, MPI_INT, comm_);
  send_offsets_ = offsets_of(send_counts_);
  receive_offsets_ = offsets_of(receive_counts_);

  // The rows' widths, then their entries, per destination.
  std::vector<int> widths, entry_send_counts(static_cast<std::size_t>(ranks), 0);
  std::vector<long long> columns;
  std::vector<double> values;
  for (int q = 0; q < ranks; ++q) {
    for (const Eigen::Index r : leaving[static_cast<std::size_t>(q)]) {
      const std::size_t begin = own.offsets[static_cast<std::size_t>(r)],
                        end = own.offsets[static_cast<std::size_t>(r) + 1];
      widths.push_back(static_cast<int>(end - begin));
      entry_send_counts[static_cast<std::size_t>(q)] += static_cast<int>(end - begin);
      columns.insert(columns.end(), own.columns.begin() + static_cast<std::ptrdiff_t>(begin),
                     own.columns.begin() + static_cast<std::ptrdiff_t>(end));
      values.insert(values.end(), own.values.begin() + static_cast<std::ptrdiff_t>(begin),
                    own.values.begin() + static_cast<std::ptrdiff_t>(end));
    }
  }
  std::vector<int> received_widths(static_cast<std::size_t>(receive_offsets_.back()));
  MPI_Alltoallv(widths.data(), send_counts_.data(), send_offsets_.data(), MPI_INT, received_widths.data(),
                receive_counts_.data(), receive_offsets_.data(), MPI_INT, comm_);
  std::vector<int> entry_receive_counts(static_cast<std::size_t>(ranks), 0);
  for (int q = 0; q < ranks; ++q) {
    for (int k = receive_offsets_[q]; k < receive_offsets_[q + 1]; ++k) {
      entry_receive_counts[static_cast<std::size_t>(q)] += received_widths[static_cast<std::size_t>(k)];
    }
  }
  const std::vector<int> entry_send_offsets = offsets_of(entry_send_counts);
  const std::vector<int> entry_receive_offsets = offsets_of(entry_receive_counts);
  std::vector<long long> received_columns(static_cast<std::size_t>(entry_receive_offsets.back()));
  std::vector<double> received_values(received_columns.size());
  MPI_Alltoallv(columns.data(), entry_send_counts.data(), entry_send_offsets.data(), MPI_LONG_LONG,
                received_columns.data(), entry_receive_counts.data(), entry_receive_offsets.data(), MPI_LONG_LONG,
                comm_);
  MPI_Alltoallv(values.data(), entry_send_counts.data(), entry_send_offsets.data(), MPI_DOUBLE, received_values.data(),
                entry_receive_counts.data(), entry_receive_offsets.data(), MPI_DOUBLE, comm_);

  for (const Eigen::Index r : kept_) {
    const std::size_t begin = own.offsets[static_cast<std::size_t>(r)],
                      end = own.offsets[static_cast<std::size_t>(r) + 1];
    rows_.columns.insert(rows_.columns.end(), own.columns.begin() + static_cast<std::ptrdiff_t>(begin),
                         own.columns.begin() + static_cast<std::ptrdiff_t>(end));
    rows_.values.insert(rows_.values.end(), own.values.begin() + static_cast<std::ptrdiff_t>(begin),
                        own.values.begin() + static_cast<std::ptrdiff_t>(end));
    rows_.offsets.push_back(rows_.columns.size());
  }
  std::size_t next = 0;
  for (const int width : received_widths) {
    for (int k = 0; k < width; ++k, ++next) {
      rows_.columns.push_back(static_cast<tpetra::GlobalOrdinal>(received_columns[next]));
      rows_.values.push_back(received_values[next]);
    }
    rows_.offsets.push_back(rows_.columns.size());
  }
}

Eigen::VectorXd RowHomes::move(const Eigen::VectorXd& own) const {
  const auto kept = static_cast<Eigen::Index>(kept_.size());
  Eigen::VectorXd moved(kept + receive_offsets_.back());
  for (Eigen::Index k = 0; k < kept; ++k) moved[k] = own[kept_[static_cast<std::size_t>(k)]];
  std::vector<double> leaving(sent_.size());
  for (std::size_t k = 0; k < sent_.size(); ++k) leaving[k] = own[sent_[k]];
  MPI_Alltoallv(leaving.data(), send_counts_.data(), send_offsets_.data(), MPI_DOUBLE, moved.data() + kept,
                receive_counts_.data(), receive_offsets_.data(), MPI_DOUBLE, comm_);
  return moved;
}

}  // namespace relcp::collision
