#pragma once
// find_close_pairs (particles/cell_list_pairs.hpp) with the search run on the CUDA device
// (collision.pair_search_backend: cuda, docs/gpu.md "Pair search on the device"): the same pairs
// in the same order. The grid and the primaries' id order are made here, as the host makes them;
// primaries that share an id (periodic images among them) are searched on the host.

#include <span>
#include <vector>

#include "collision/device/device_pair_search.hpp"
#include "core/types.hpp"
#include "particles/cell_list_pairs.hpp"

namespace relcp::collision {

std::vector<particles::ClosePair> close_pairs_on_device(device::DevicePairSearch& device,
                                                        std::span<const Vec3> positions, std::span<const double> radii,
                                                        std::span<const GlobalId> ids, std::size_t num_primary,
                                                        double buffer);

}  // namespace relcp::collision
