#include "collision/detection/pair_search_on_device.hpp"

#include <cstdint>
#include <limits>
#include <stdexcept>

namespace relcp::collision {

std::vector<particles::ClosePair> close_pairs_on_device(device::DevicePairSearch& device,
                                                        std::span<const Vec3> positions, std::span<const double> radii,
                                                        std::span<const GlobalId> ids, std::size_t num_primary,
                                                        double buffer) {
  const std::size_t n = positions.size();
  if (radii.size() != n || ids.size() != n || num_primary > n) {
    throw std::invalid_argument("close_pairs_on_device: inconsistent input sizes");
  }
  if (num_primary == 0) return {};
  if (n >= std::numeric_limits<std::uint32_t>::max()) {
    throw std::invalid_argument("close_pairs_on_device: too many points");
  }
  const std::vector<int> order = particles::primaries_by_id(ids.first(num_primary));
  if (order.empty()) return particles::find_close_pairs(positions, radii, ids, num_primary, buffer);

  const particles::cell_walk::Grid grid = particles::close_pair_grid(positions, radii, buffer);
  particles::cell_walk::Point* points = device.points(n);
  for (std::size_t i = 0; i < n; ++i) {
    for (int axis = 0; axis < 3; ++axis) points[i].x[axis] = positions[i][axis];
    points[i].radius = radii[i];
    points[i].id = ids[i];
    points[i].index = static_cast<int>(i);
  }
  int* primaries = device.primaries(order.size());
  for (std::size_t k = 0; k < order.size(); ++k) primaries[k] = order[k];

  const std::size_t count = device.search(grid, n, order.size(), buffer);
  std::vector<particles::ClosePair> pairs(count);
  for (std::size_t k = 0; k < count; ++k) pairs[k] = particles::ClosePair{device.first()[k], device.second()[k]};
  return pairs;
}

}  // namespace relcp::collision
