#pragma once
// Broad phase over the particle store: candidate pairs whose bounding spheres come within the
// search buffer (docs/particles.md, "Neighbour search"), using the minimum periodic image.

#include <functional>
#include <span>
#include <vector>

#include "core/parallel_filled_vector.hpp"
#include "core/types.hpp"
#include "particles/body.hpp"
#include "particles/cell_list_pairs.hpp"
#include "particles/ghost.hpp"

namespace relcp::particles {

class ParticleStore;

struct CandidatePair {
  GlobalId a = -1;  // the lower id; its rank owns the pair
  GlobalId b = -1;
  int index_a = -1;  // into the owned bodies
  int index_b = -1;  // into the owned bodies, or into the ghosts when b_is_ghost
  bool b_is_ghost = false;
  Vec3 offset_b = Vec3::Zero();  // periodic image of b used: b's position + offset_b
};

using CandidatePairs = ParallelFilledVector<CandidatePair>;

// A search with find_close_pairs' contract (cell_list_pairs.hpp), e.g. the CUDA device's.
using ClosePairSearch =
    std::function<std::vector<ClosePair>(std::span<const Vec3> positions, std::span<const double> radii,
                                         std::span<const GlobalId> ids, std::size_t num_primary, double buffer)>;

// Pairs with |x_a - x_b| < R_a + R_b + buffer (bounding radii R, minimum image), each found
// once on the rank that owns a, sorted by (a, b). Ghosts must cover every body within
// buffer + twice the largest bounding radius of the owned region. `search` (default
// find_close_pairs) finds the close pairs of the bounding spheres.
CandidatePairs find_candidate_pairs(std::span<const Body> owned, std::span<const Ghost> ghosts, double buffer,
                                    const ClosePairSearch* search = nullptr);

// The same over a store whose ghosts were exchanged for at least this buffer; throws
// std::logic_error otherwise.
CandidatePairs find_candidate_pairs(const ParticleStore& store, double buffer, const ClosePairSearch* search = nullptr);

}  // namespace relcp::particles
