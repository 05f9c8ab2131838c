#include "collision/detection/contact_scene.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "collision/detection/pair_constraints.hpp"
#include "collision/detection/separations_on_device.hpp"
#include "core/stopwatch.hpp"

namespace relcp::collision {

ContactScene detect_contacts(const particles::ParticleStore& store, std::span<const geometry::HalfSpace> walls,
                             double search_buffer, double needed_below, device::DeviceSeparations* device,
                             const particles::ClosePairSearch* pair_search) {
  Stopwatch watch;
  ContactScene scene{store, particles::find_candidate_pairs(store, search_buffer, pair_search), {}, {}};
  const double searched = watch.seconds();
  scene.separations = device != nullptr
                          ? separations_on_device(*device, scene.pairs, store.owned(), store.ghosts(), needed_below)
                          : pair_separations(scene.pairs, store.owned(), store.ghosts(), needed_below);
  const double separated = watch.seconds() - searched;
  scene.walls = wall_contacts(store.owned(), walls, search_buffer);
  spdlog::debug("detection: {} candidate pairs in {:.4f} s, their separations {:.4f} s, walls {:.4f} s",
                scene.pairs.size(), searched, separated, watch.seconds() - searched - separated);
  return scene;
}

double largest_true_overlap(const ContactScene& scene) {
  return std::max(largest_overlap(scene.separations), largest_wall_overlap(scene.walls));
}

}  // namespace relcp::collision
