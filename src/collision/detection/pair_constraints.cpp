#include "collision/detection/pair_constraints.hpp"

#include <algorithm>
#include <cstddef>
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

std::vector<geometry::SignedSeparation> pair_separations(std::span<const particles::CandidatePair> pairs,
                                                         std::span<const particles::Body> owned,
                                                         std::span<const particles::Ghost> ghosts,
                                                         double needed_below) {
  std::vector<geometry::SignedSeparation> out(pairs.size());
  const auto n = static_cast<std::ptrdiff_t>(pairs.size());
#pragma omp parallel for if (n > kParallelMinimumPairs) schedule(dynamic, 16)
  for (std::ptrdiff_t k = 0; k < n; ++k) {
    const particles::CandidatePair& pair = pairs[static_cast<std::size_t>(k)];
    const particles::Body& a = owned[static_cast<std::size_t>(pair.index_a)];
    const particles::Body& b = image_of_b(pair, owned, ghosts);
    out[static_cast<std::size_t>(k)] =
        geometry::signed_separation_below(a.shape, a.pose, b.shape, b.pose, needed_below);
  }
  return out;
}

std::vector<ConstraintRecord> deepest_point_constraints(std::span<const particles::CandidatePair> pairs,
                                                        std::span<const geometry::SignedSeparation> separations,
                                                        std::span<const particles::Body> owned,
                                                        std::span<const particles::Ghost> ghosts, double threshold) {
  std::vector<ConstraintRecord> records;
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    if (!(separations[k].phi < threshold)) continue;
    const particles::CandidatePair& pair = pairs[k];
    const particles::Body& a = owned[static_cast<std::size_t>(pair.index_a)];
    const particles::Body& b = image_of_b(pair, owned, ghosts);
    records.push_back(pair_constraint(pair.a, pair.b, separations[k], a.pose.position, b.pose.position));
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
  for (const auto& s : separations) overlap = std::max(overlap, -s.phi);
  return overlap;
}

}  // namespace relcp::collision
