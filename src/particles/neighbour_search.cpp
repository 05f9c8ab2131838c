#include "particles/neighbour_search.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "core/parallel_loops.hpp"
#include "geometry/shapes/shape_properties.hpp"
#include "particles/particle_store.hpp"

namespace relcp::particles {

namespace {

// Several images of one body may be close (own body and its periodic image ghost, or two images
// in a small box): of each run of one id pair in `pairs` (built from `close`, in its order), keeps
// the nearest image, ties to the first.
void keep_nearest_images(CandidatePairs& pairs, std::span<const ClosePair> close, std::span<const Vec3> positions) {
  const auto distance = [&](std::size_t k) {
    return (positions[static_cast<std::size_t>(close[k].second)] - positions[static_cast<std::size_t>(close[k].first)])
        .squaredNorm();
  };
  std::size_t kept = 0;
  double best_distance = 0.0;
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    const bool same_as_last = kept > 0 && pairs[kept - 1].a == pairs[k].a && pairs[kept - 1].b == pairs[k].b;
    const double d = distance(k);
    if (same_as_last && d >= best_distance) continue;
    best_distance = d;
    pairs[same_as_last ? kept - 1 : kept++] = pairs[k];
  }
  pairs.resize(kept);
}

}  // namespace

CandidatePairs find_candidate_pairs(std::span<const Body> owned, std::span<const Ghost> ghosts, double buffer,
                                    const ClosePairSearch* search) {
  const std::size_t num_owned = owned.size();
  const std::size_t n = num_owned + ghosts.size();
  std::vector<Vec3> positions(n);
  std::vector<double> radii(n);
  std::vector<GlobalId> ids(n);
  const auto signed_n = static_cast<std::ptrdiff_t>(n);
#pragma omp parallel for if (signed_n > kParallelMinimumBodies) schedule(static)
  for (std::ptrdiff_t si = 0; si < signed_n; ++si) {
    const auto i = static_cast<std::size_t>(si);
    const Body& body = i < num_owned ? owned[i] : ghosts[i - num_owned].body;
    positions[i] = body.pose.position;
    radii[i] = geometry::bounding_radius(body.shape);
    ids[i] = body.id;
  }
  const std::vector<ClosePair> close = search != nullptr ? (*search)(positions, radii, ids, num_owned, buffer)
                                                         : find_close_pairs(positions, radii, ids, num_owned, buffer);

  CandidatePairs pairs(close.size());
  const auto num_close = static_cast<std::ptrdiff_t>(close.size());
  bool images_close = false;
#pragma omp parallel for if (num_close > kParallelMinimumBodies) schedule(static) reduction(|| : images_close)
  for (std::ptrdiff_t k = 0; k < num_close; ++k) {
    const ClosePair& pair = close[static_cast<std::size_t>(k)];
    const auto j = static_cast<std::size_t>(pair.second);
    CandidatePair& candidate = *std::construct_at(&pairs[static_cast<std::size_t>(k)]);
    candidate.a = ids[static_cast<std::size_t>(pair.first)];
    candidate.b = ids[j];
    candidate.index_a = pair.first;
    candidate.b_is_ghost = j >= num_owned;
    candidate.index_b = static_cast<int>(candidate.b_is_ghost ? j - num_owned : j);
    candidate.offset_b = candidate.b_is_ghost ? ghosts[j - num_owned].image_offset : Vec3::Zero();
    if (k > 0) {
      const ClosePair& previous = close[static_cast<std::size_t>(k - 1)];
      images_close = images_close || (ids[static_cast<std::size_t>(previous.first)] == candidate.a &&
                                      ids[static_cast<std::size_t>(previous.second)] == candidate.b);
    }
  }
  if (images_close) keep_nearest_images(pairs, close, positions);
  return pairs;
}

CandidatePairs find_candidate_pairs(const ParticleStore& store, double buffer, const ClosePairSearch* search) {
  if (!store.ghosts_cover(buffer)) {
    throw std::logic_error(
        "find_candidate_pairs: ghosts were not exchanged for this search buffer since the last "
        "change of the owned bodies");
  }
  return find_candidate_pairs(store.owned(), store.ghosts(), buffer, search);
}

}  // namespace relcp::particles
