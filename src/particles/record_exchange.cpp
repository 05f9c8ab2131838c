#include "particles/record_exchange.hpp"

#include <stdexcept>

namespace relcp::particles {

ReceivedRecords exchange_records(MPI_Comm comm, const std::vector<std::vector<double>>& outgoing, int record_size,
                                 bool flag) {
  int num_ranks = 0;
  MPI_Comm_size(comm, &num_ranks);
  if (static_cast<int>(outgoing.size()) != num_ranks) {
    throw std::invalid_argument("exchange_records: one outgoing buffer per rank expected");
  }
  std::vector<int> send_counts(static_cast<std::size_t>(num_ranks));
  std::vector<int> send_offsets(static_cast<std::size_t>(num_ranks));
  std::vector<double> send_buffer;
  std::size_t total = 0;
  for (const auto& buffer : outgoing) total += buffer.size();
  send_buffer.reserve(total);
  for (int rank = 0; rank < num_ranks; ++rank) {
    const auto& buffer = outgoing[static_cast<std::size_t>(rank)];
    send_offsets[static_cast<std::size_t>(rank)] = static_cast<int>(send_buffer.size());
    send_counts[static_cast<std::size_t>(rank)] = static_cast<int>(buffer.size());
    send_buffer.insert(send_buffer.end(), buffer.begin(), buffer.end());
  }
  // (count, flag) for every destination.
  std::vector<int> send_headers(2 * static_cast<std::size_t>(num_ranks));
  for (std::size_t rank = 0; rank < send_counts.size(); ++rank) {
    send_headers[2 * rank] = send_counts[rank];
    send_headers[2 * rank + 1] = flag ? 1 : 0;
  }
  std::vector<int> receive_headers(send_headers.size());
  MPI_Alltoall(send_headers.data(), 2, MPI_INT, receive_headers.data(), 2, MPI_INT, comm);
  std::vector<int> receive_counts(static_cast<std::size_t>(num_ranks));
  ReceivedRecords received;
  for (std::size_t rank = 0; rank < receive_counts.size(); ++rank) {
    receive_counts[rank] = receive_headers[2 * rank];
    received.any_flag = received.any_flag || receive_headers[2 * rank + 1] != 0;
  }
  std::vector<int> receive_offsets(static_cast<std::size_t>(num_ranks));
  int received_total = 0;
  received.records_from.resize(static_cast<std::size_t>(num_ranks));
  for (int rank = 0; rank < num_ranks; ++rank) {
    receive_offsets[static_cast<std::size_t>(rank)] = received_total;
    received_total += receive_counts[static_cast<std::size_t>(rank)];
    received.records_from[static_cast<std::size_t>(rank)] =
        receive_counts[static_cast<std::size_t>(rank)] / record_size;
  }
  received.data.resize(static_cast<std::size_t>(received_total));
  MPI_Alltoallv(send_buffer.data(), send_counts.data(), send_offsets.data(), MPI_DOUBLE, received.data.data(),
                receive_counts.data(), receive_offsets.data(), MPI_DOUBLE, comm);
  return received;
}

}  // namespace relcp::particles
