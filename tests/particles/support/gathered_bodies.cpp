#include "support/gathered_bodies.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>

#include "particles/body_codec.hpp"

namespace relcp::particles::testing {

std::vector<Body> gather_all_bodies(MPI_Comm comm, std::span<const Body> owned) {
  int num_ranks = 0;
  MPI_Comm_size(comm, &num_ranks);
  std::vector<double> local(owned.size() * kBodyRecordSize);
  for (std::size_t i = 0; i < owned.size(); ++i) pack_body(owned[i], local.data() + i * kBodyRecordSize);
  const int local_count = static_cast<int>(local.size());
  std::vector<int> counts(static_cast<std::size_t>(num_ranks));
  MPI_Allgather(&local_count, 1, MPI_INT, counts.data(), 1, MPI_INT, comm);
  std::vector<int> offsets(static_cast<std::size_t>(num_ranks), 0);
  for (int r = 1; r < num_ranks; ++r) offsets[r] = offsets[r - 1] + counts[r - 1];
  std::vector<double> all(static_cast<std::size_t>(offsets.back() + counts.back()));
  MPI_Allgatherv(local.data(), local_count, MPI_DOUBLE, all.data(), counts.data(), offsets.data(), MPI_DOUBLE, comm);
  std::vector<Body> bodies(all.size() / kBodyRecordSize);
  for (std::size_t i = 0; i < bodies.size(); ++i) bodies[i] = unpack_body(all.data() + i * kBodyRecordSize);
  std::sort(bodies.begin(), bodies.end(), [](const Body& a, const Body& b) { return a.id < b.id; });
  return bodies;
}

bool identical(const Body& a, const Body& b) {
  double ra[kBodyRecordSize];
  double rb[kBodyRecordSize];
  pack_body(a, ra);
  pack_body(b, rb);
  return std::equal(ra, ra + kBodyRecordSize, rb, [](double x, double y) {
    return std::bit_cast<std::uint64_t>(x) == std::bit_cast<std::uint64_t>(y);
  });
}

}  // namespace relcp::particles::testing
