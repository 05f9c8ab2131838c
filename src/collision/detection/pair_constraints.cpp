#include "collision/detection/pair_constraints.hpp"

#include <algorithm>
#include <cstddef>
#include <memory>
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
  std::vector<std::size_t> below;
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    if (separations[k].phi < threshold) below.push_back(k);
  }
  std::vector<ConstraintRecord> records(below.size());
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
