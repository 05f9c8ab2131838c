#include "collision/detection/contact_scene.hpp"

#include <algorithm>

#include "collision/detection/pair_constraints.hpp"

namespace relcp::collision {

ContactScene detect_contacts(const particles::ParticleStore& store, std::span<const geometry::HalfSpace> walls,
                             double search_buffer, double needed_below) {
  ContactScene scene{store, particles::find_candidate_pairs(store, search_buffer), {}, {}};
  scene.separations = pair_separations(scene.pairs, store.owned(), store.ghosts(), needed_below);
  scene.walls = wall_contacts(store.owned(), walls, search_buffer);
  return scene;
}

double largest_true_overlap(const ContactScene& scene) {
  return std::max(largest_overlap(scene.separations), largest_wall_overlap(scene.walls));
}

}  // namespace relcp::collision
