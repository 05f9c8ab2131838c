#include "collision/detection/pair_constraints.hpp"

#include <algorithm>
#include <cstddef>
#include <memory>
#include <omp.h>
#include <variant>

#include "core/parallel_loops.hpp"
#include "geometry/multisphere/multisphere.hpp"
#include "geometry/separation/sphere_separation.hpp"

namespace relcp::collision {
namespace {

// Body B of a pair at the image the pair uses: a ghost already sits at its image position
// (owner's position + offset_b); an owned B has offset zero.
const particles::Body& image_of_b(const particles::CandidatePair& pair, std::span<const particles::Body> owned,
                                  std::span<const particles::Ghost> ghosts) {
  return pair.b_is_ghost ? ghosts[static_cast<std::size_t>(pair.index_b)].body
                         : owned[static_cast<std::size_t>(pair.index_b)];
}

// A scan costs a few nanoseconds a pair: below this many pairs one thread does it.
constexpr std::ptrdiff_t kParallelScanMinimum = std::ptrdiff_t{1} << 17;

// The indices k with separations[k].phi < threshold, in increasing order, in one pass over the
// separations (10^6 bodies: 4.9 million pairs, 430 MB at every detection): each thread collects
// its contiguous share, and the shares are joined in thread order.
std::vector<std::size_t> pairs_below(std::span<const geometry::SignedSeparation> separations, double threshold) {
  const auto n = static_cast<std::ptrdiff_t>(separations.size());
  const int threads = n > kParallelScanMinimum ? omp_get_max_threads() : 1;
  std::vector<std::vector<std::size_t>> shares(static_cast<std::size_t>(threads));
#pragma omp parallel num_threads(threads)
  {
    const int thread = omp_get_thread_num();
    std::vector<std::size_t>& share = shares[static_cast<std::size_t>(thread)];
    for (std::ptrdiff_t k = n * thread / threads; k < n * (thread + 1) / threads; ++k) {
      if (separations[static_cast<std::size_t>(k)].phi < threshold) share.push_back(static_cast<std::size_t>(k));
    }
  }
  std::vector<std::size_t> below = std::move(shares.front());
  for (std::size_t t = 1; t < shares.size(); ++t) below.insert(below.end(), shares[t].begin(), shares[t].end());
  return below;
}

}  // namespace

std::vector<geometry::SubSphere> lab_spheres(const particles::Body& body, int count) {
  const int own = std::holds_alternative<geometry::Sphere>(body.shape) ? 1 : count;
  return geometry::to_lab(geometry::multisphere_decomposition(body.shape, own), body.pose);
}

ParallelFilledVector<geometry::SignedSeparation> pair_separations(std::span<const particles::CandidatePair> pairs,
                                                                  std::span<const particles::Body> owned,
                                                                  std::span<const particles::Ghost> ghosts,
                                                                  double needed_below) {
  ParallelFilledVector<geometry::SignedSeparation> out(pairs.size());
  const auto n = static_cast<std::ptrdiff_t>(pairs.size());
#pragma omp parallel for if (n > kParallelMinimumPairs) schedule(dynamic, 16)
  for (std::ptrdiff_t k = 0; k < n; ++k) {
    const particles::CandidatePair& pair = pairs[static_cast<std::size_t>(k)];
    const particles::Body& a = owned[static_cast<std::size_t>(pair.index_a)];
    const particles::Body& b = image_of_b(pair, owned, ghosts);
    std::construct_at(&out[static_cast<std::size_t>(k)],
                      geometry::signed_separation_below(a.shape, a.pose, b.shape, b.pose, needed_below));
  }
  return out;
}

std::vector<ConstraintRecord> deepest_point_constraints(std::span<const particles::CandidatePair> pairs,
                                                        std::span<const geometry::SignedSeparation> separations,
                                                        std::span<const particles::Body> owned,
                                                        std::span<const particles::Ghost> ghosts, double threshold) {
  const std::vector<std::size_t> below = pairs_below(separations, threshold);
  // Room for the rows ReLCP appends at its trials (a few per cent), so that ConstraintSet takes
  // this vector as its first generation and never copies it.
  std::vector<ConstraintRecord> records;
  records.reserve(below.size() + below.size() / 8 + 16);
  records.resize(below.size());
  const auto n = static_cast<std::ptrdiff_t>(below.size());
#pragma omp parallel for if (n > kParallelMinimumBodies) schedule(static)
  for (std::ptrdiff_t r = 0; r < n; ++r) {
    const std::size_t k = below[static_cast<std::size_t>(r)];
    const particles::CandidatePair& pair = pairs[k];
    const particles::Body& a = owned[static_cast<std::size_t>(pair.index_a)];
    const particles::Body& b = image_of_b(pair, owned, ghosts);
    records[static_cast<std::size_t>(r)] =
        pair_constraint(pair.a, pair.b, separations[k], a.pose.position, b.pose.position);
  }
  return records;
}

std::vector<ConstraintRecord> multisphere_constraints(std::span<const particles::CandidatePair> pairs,
                                                      std::span<const particles::Body> owned,
                                                      std::span<const particles::Ghost> ghosts, int count,
                                                      double search_buffer) {
  std::vector<ConstraintRecord> records;
  for (const particles::CandidatePair& pair : pairs) {
    const particles::Body& a = owned[static_cast<std::size_t>(pair.index_a)];
    const particles::Body& b = image_of_b(pair, owned, ghosts);
    const auto spheres_a = lab_spheres(a, count);
    const auto spheres_b = lab_spheres(b, count);
    for (std::size_t i = 0; i < spheres_a.size(); ++i) {
      for (std::size_t j = 0; j < spheres_b.size(); ++j) {
        const geometry::SignedSeparation contact = geometry::sphere_sphere_separation(
            spheres_a[i].centre, spheres_a[i].radius, spheres_b[j].centre, spheres_b[j].radius);
        if (!(contact.phi < search_buffer)) continue;
        records.push_back(pair_constraint(pair.a, pair.b, contact, a.pose.position, b.pose.position,
                                          static_cast<int>(i * spheres_b.size() + j)));
      }
    }
  }
  return records;
}

double largest_overlap(std::span<const geometry::SignedSeparation> separations) {
  double overlap = 0.0;
  const auto n = static_cast<std::ptrdiff_t>(separations.size());
#pragma omp parallel for if (n > kParallelMinimumBodies) schedule(static) reduction(max : overlap)
  for (std::ptrdiff_t k = 0; k < n; ++k) overlap = std::max(overlap, -separations[static_cast<std::size_t>(k)].phi);
  return overlap;
}

}  // namespace relcp::collision
