#include "particles/migration.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/error.hpp"
#include "core/parallel_loops.hpp"
#include "particles/body_codec.hpp"
#include "particles/record_exchange.hpp"

namespace relcp::particles {
namespace {

bool by_id(const Body& a, const Body& b) { return a.id < b.id; }

void pack_into(const Body& body, std::vector<double>& buffer) {
  const std::size_t start = buffer.size();
  buffer.resize(start + kBodyRecordSize);
  pack_body(body, buffer.data() + start);
}

// Appends the received bodies; returns where they start.
std::size_t append_arrivals(const ReceivedRecords& received, std::vector<Body>& owned) {
  const std::size_t start = owned.size();
  const std::size_t arrived = received.data.size() / kBodyRecordSize;
  owned.reserve(start + arrived);
  for (std::size_t k = 0; k < arrived; ++k) {
    owned.push_back(unpack_body(received.data.data() + k * kBodyRecordSize));
  }
  return start;
}

}  // namespace

std::size_t send_bodies_to(MPI_Comm comm, const std::vector<int>& destination, std::vector<Body>& owned) {
  int rank = 0;
  int num_ranks = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &num_ranks);
  if (destination.size() != owned.size()) {
    throw std::invalid_argument("send_bodies_to: one destination per owned body expected");
  }
  // Pack the departing bodies and close the gaps they leave, keeping the order.
  std::vector<std::vector<double>> outgoing(static_cast<std::size_t>(num_ranks));
  std::size_t kept = 0;
  for (std::size_t i = 0; i < owned.size(); ++i) {
    const int to = destination[i];
    if (to < 0 || to >= num_ranks) {
      throw std::invalid_argument("send_bodies_to: destination rank out of range");
    }
    if (to == rank) {
      if (kept != i) owned[kept] = std::move(owned[i]);
      ++kept;
      continue;
    }
    pack_into(owned[i], outgoing[static_cast<std::size_t>(to)]);
  }
  const std::size_t departed = owned.size() - kept;
  owned.resize(kept);
  const ReceivedRecords received = exchange_records(comm, outgoing, kBodyRecordSize);

  if (!std::is_sorted(owned.begin(), owned.end(), by_id)) {
    std::sort(owned.begin(), owned.end(), by_id);
  }
  const auto middle = static_cast<std::ptrdiff_t>(append_arrivals(received, owned));
  std::sort(owned.begin() + middle, owned.end(), by_id);
  std::inplace_merge(owned.begin(), owned.begin() + middle, owned.end(), by_id);
  return departed;
}

std::size_t migrate_bodies(MPI_Comm comm, const RegionMap& regions, const Domain& domain, std::vector<Body>& owned) {
  int rank = 0;
  int num_ranks = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &num_ranks);
  const RegionBox& own = regions.box(rank);
  const auto n = static_cast<std::ptrdiff_t>(owned.size());
  std::vector<char> leaves(owned.size(), 0);
  int non_finite = 0;
#pragma omp parallel for if (n > kParallelMinimumBodies) schedule(static) reduction(+ : non_finite)
  for (std::ptrdiff_t i = 0; i < n; ++i) {
    Body& body = owned[static_cast<std::size_t>(i)];
    if (domain.any_periodic()) body.pose.position = domain.wrap(body.pose.position);
    if (!body.pose.position.allFinite()) {
      ++non_finite;
    } else if (!own.contains_closed(body.pose.position)) {
      leaves[static_cast<std::size_t>(i)] = 1;
    }
  }

  // Usually few bodies leave: each gap is filled with the last body (from the back, so that the
  // body moved in has stayed), which costs O(departures) instead of shifting the whole list.
  std::vector<std::vector<double>> outgoing(static_cast<std::size_t>(num_ranks));
  std::size_t departed = 0;
  if (non_finite == 0) {
    for (std::ptrdiff_t i = n - 1; i >= 0; --i) {
      if (!leaves[static_cast<std::size_t>(i)]) continue;
      const Body& body = owned[static_cast<std::size_t>(i)];
      pack_into(body, outgoing[static_cast<std::size_t>(regions.owner_of(body.pose.position))]);
      owned[static_cast<std::size_t>(i)] = std::move(owned.back());
      owned.pop_back();
      ++departed;
    }
  }
  // The flag tells every rank about a diverged body, so all take the same way out.
  const ReceivedRecords received = exchange_records(comm, outgoing, kBodyRecordSize, non_finite > 0);
  if (received.any_flag) {
    throw RunTimeFailure("a body has a non-finite position (the step diverged)");
  }
  append_arrivals(received, owned);
  return departed;
}

}  // namespace relcp::particles
