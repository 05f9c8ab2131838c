#include "particles/neighbour_search.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/parallel_loops.hpp"
#include "geometry/shapes/shape_properties.hpp"
#include "particles/cell_list_pairs.hpp"
#include "particles/particle_store.hpp"

namespace relcp::particles {

std::vector<CandidatePair> find_candidate_pairs(std::span<const Body> owned, std::span<const Ghost> ghosts,
                                                double buffer) {
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
  const std::vector<ClosePair> close = find_close_pairs(positions, radii, ids, num_owned, buffer);

  // Several images of one body may be close (own body and its periodic image ghost, or two
  // images in a small box); keep the nearest, ties to the lower index.
  std::vector<CandidatePair> pairs;
  pairs.reserve(close.size());
  double best_distance = 0.0;
  for (const ClosePair& pair : close) {
    const auto i = static_cast<std::size_t>(pair.first);
    const auto j = static_cast<std::size_t>(pair.second);
    const double distance = (positions[j] - positions[i]).squaredNorm();
    const bool same_as_last = !pairs.empty() && pairs.back().a == ids[i] && pairs.back().b == ids[j];
    if (same_as_last && distance >= best_distance) continue;
    CandidatePair candidate;
    candidate.a = ids[i];
    candidate.b = ids[j];
    candidate.index_a = pair.first;
    candidate.b_is_ghost = j >= num_owned;
    candidate.index_b = static_cast<int>(candidate.b_is_ghost ? j - num_owned : j);
    candidate.offset_b = candidate.b_is_ghost ? ghosts[j - num_owned].image_offset : Vec3::Zero();
    best_distance = distance;
    if (same_as_last) {
      pairs.back() = candidate;
    } else {
      pairs.push_back(candidate);
    }
  }
  return pairs;
}

std::vector<CandidatePair> find_candidate_pairs(const ParticleStore& store, double buffer) {
  if (!store.ghosts_cover(buffer)) {
    throw std::logic_error(
        "find_candidate_pairs: ghosts were not exchanged for this search buffer since the last "
        "change of the owned bodies");
  }
  return find_candidate_pairs(store.owned(), store.ghosts(), buffer);
}

}  // namespace relcp::particles
