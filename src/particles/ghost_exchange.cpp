#include "particles/ghost_exchange.hpp"

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "core/error.hpp"
#include "core/parallel_loops.hpp"
#include "particles/body_codec.hpp"
#include "particles/record_exchange.hpp"

namespace relcp::particles {
namespace {

constexpr int kGhostRecordSize = kBodyRecordSize + 3;  // the body, then its image offset

// The shifts x -> x + s that can bring a wrapped centre near a region: 0 and +-period along
// every periodic axis.
std::vector<Vec3> image_shifts(const Domain& domain) {
  std::vector<Vec3> shifts{Vec3::Zero()};
  for (int axis = 0; axis < 3; ++axis) {
    if (!domain.periodic[axis]) continue;
    const std::size_t count = shifts.size();
    for (std::size_t i = 0; i < count; ++i) {
      for (const double sign : {-1.0, 1.0}) {
        Vec3 shifted = shifts[i];
        shifted[axis] += sign * domain.length(axis);
        shifts.push_back(shifted);
      }
    }
  }
  return shifts;
}

// Regions seen inside the primary periodic cell: positions are wrapped, so along periodic
// axes nothing lies outside [lower, upper].
std::vector<RegionBox> clipped_boxes(const RegionMap& regions, const Domain& domain) {
  std::vector<RegionBox> boxes = regions.boxes();
  for (auto& box : boxes) {
    if (box.is_empty()) continue;
    for (int axis = 0; axis < 3; ++axis) {
      if (!domain.periodic[axis]) continue;
      box.lower[axis] = std::max(box.lower[axis], domain.lower[axis]);
      box.upper[axis] = std::min(box.upper[axis], domain.upper[axis]);
    }
  }
  return boxes;
}

void check_periodic_lengths(const Domain& domain, double halo_width) {
  for (int axis = 0; axis < 3; ++axis) {
    if (domain.periodic[axis] && domain.length(axis) < 2.0 * halo_width) {
      std::ostringstream message;
      message << "periodic length " << domain.length(axis) << " along axis " << axis
              << " is below twice the ghost halo width " << halo_width
              << " (search buffer plus twice the largest bounding radius)";
      throw InputError("domain", message.str());
    }
  }
}

void pack_ghost(const Body& body, const Vec3& offset, std::vector<double>& buffer) {
  Body image = body;
  image.pose.position += offset;
  const std::size_t start = buffer.size();
  buffer.resize(start + kGhostRecordSize);
  double* record = buffer.data() + start;
  pack_body(image, record);
  record[kBodyRecordSize] = offset.x();
  record[kBodyRecordSize + 1] = offset.y();
  record[kBodyRecordSize + 2] = offset.z();
}

std::vector<Ghost> unpack_ghosts(const ReceivedRecords& received) {
  std::vector<Ghost> ghosts(received.data.size() / kGhostRecordSize);
  std::size_t next = 0;
  for (std::size_t source = 0; source < received.records_from.size(); ++source) {
    for (int k = 0; k < received.records_from[source]; ++k, ++next) {
      const double* record = received.data.data() + next * kGhostRecordSize;
      Ghost& ghost = ghosts[next];
      ghost.body = unpack_body(record);
      ghost.owner_rank = static_cast<int>(source);
      ghost.image_offset = Vec3(record[kBodyRecordSize], record[kBodyRecordSize + 1], record[kBodyRecordSize + 2]);
    }
  }
  return ghosts;
}

}  // namespace

std::vector<Ghost> GhostExchange::build(MPI_Comm comm, const RegionMap& regions, const Domain& domain,
                                        std::span<const Body> owned, double halo_width) {
  int rank = 0;
  int num_ranks = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &num_ranks);
  if (regions.num_ranks() != num_ranks) {
    throw std::invalid_argument("GhostExchange::build: region map does not match the communicator");
  }
  check_periodic_lengths(domain, halo_width);

  const std::vector<RegionBox> boxes = clipped_boxes(regions, domain);
  const std::vector<Vec3> shifts = image_shifts(domain);
  const RegionBox& own = boxes[static_cast<std::size_t>(rank)];
  const auto n = static_cast<std::ptrdiff_t>(owned.size());

  // Most bodies sit deeper than the halo inside their own region and go nowhere.
  std::vector<char> near_boundary(owned.size(), 0);
#pragma omp parallel for if (n > kParallelMinimumBodies) schedule(static)
  for (std::ptrdiff_t i = 0; i < n; ++i) {
    const Vec3& x = owned[static_cast<std::size_t>(i)].pose.position;
    const bool deep = ((x - own.lower).array() > halo_width).all() && ((own.upper - x).array() > halo_width).all();
    near_boundary[static_cast<std::size_t>(i)] = deep ? 0 : 1;
  }

  sends_.assign(static_cast<std::size_t>(num_ranks), {});
  for (std::ptrdiff_t i = 0; i < n; ++i) {
    if (!near_boundary[static_cast<std::size_t>(i)]) continue;
    const Vec3& x = owned[static_cast<std::size_t>(i)].pose.position;
    for (int destination = 0; destination < num_ranks; ++destination) {
      const RegionBox& box = boxes[static_cast<std::size_t>(destination)];
      if (box.is_empty()) continue;
      for (std::size_t s = 0; s < shifts.size(); ++s) {
        if (destination == rank && s == 0) continue;
        if (distance_to_box(box, x + shifts[s]) <= halo_width) {
          sends_[static_cast<std::size_t>(destination)].push_back(Send{static_cast<int>(i), shifts[s]});
        }
      }
    }
  }
  num_owned_ = owned.size();

  std::vector<Ghost> ghosts = unpack_ghosts(transfer(comm, owned));
  num_ghosts_ = ghosts.size();
  return ghosts;
}

void GhostExchange::refresh(MPI_Comm comm, std::span<const Body> owned, std::vector<Ghost>& ghosts) const {
  if (owned.size() != num_owned_ || ghosts.size() != num_ghosts_) {
    throw std::logic_error("GhostExchange::refresh: owned bodies or ghosts changed since the plan was built");
  }
  ghosts = unpack_ghosts(transfer(comm, owned));
}

ReceivedRecords GhostExchange::transfer(MPI_Comm comm, std::span<const Body> owned) const {
  std::vector<std::vector<double>> outgoing(sends_.size());
  for (std::size_t destination = 0; destination < sends_.size(); ++destination) {
    auto& buffer = outgoing[destination];
    buffer.reserve(sends_[destination].size() * kGhostRecordSize);
    for (const Send& send : sends_[destination]) {
      pack_ghost(owned[static_cast<std::size_t>(send.index)], send.offset, buffer);
    }
  }
  return exchange_records(comm, outgoing, kGhostRecordSize);
}

}  // namespace relcp::particles
