#include "dynamics/cell_growth.hpp"

#include <cmath>
#include <numbers>
#include <variant>
#include <vector>

#include "core/error.hpp"
#include "core/parallel_loops.hpp"
#include "dynamics/cell_division.hpp"
#include "dynamics/planar_motion.hpp"
#include "particles/counter_rng.hpp"

namespace relcp::dynamics {
namespace {

constexpr double kDivisionTolerance = 1e-12;

double tip_to_tip(const geometry::Spherocylinder& rod) { return rod.length + 2.0 * rod.radius; }

}  // namespace

CellGrowth::CellGrowth(const GrowthOptions& options) : options_(options) {
  if (!(options.rate >= 0.0)) throw InputError("rate", "must not be negative");
  if (!(options.divide_at > 0.0)) throw InputError("divide_at", "must be positive");
  if (!(options.angle_noise_deg >= 0.0)) throw InputError("angle_noise_deg", "must not be negative");
}

void CellGrowth::grow(std::span<particles::Body> bodies, double dt) const {
  const double factor = std::exp(options_.rate * dt);
  const auto n = static_cast<std::ptrdiff_t>(bodies.size());
#pragma omp parallel for if (n > kParallelMinimumBodies) schedule(static)
  for (std::ptrdiff_t i = 0; i < n; ++i) {
    auto* rod = std::get_if<geometry::Spherocylinder>(&bodies[static_cast<std::size_t>(i)].shape);
    if (rod == nullptr) continue;
    rod->length = factor * tip_to_tip(*rod) - 2.0 * rod->radius;
  }
}

std::int64_t CellGrowth::divide(particles::ParticleStore& store) {
  std::vector<particles::Body>& owned = store.owned();
  const double threshold = options_.divide_at * (1.0 - kDivisionTolerance);
  std::vector<std::size_t> dividing;
  std::vector<GlobalId> parent_ids;
  for (std::size_t i = 0; i < owned.size(); ++i) {
    const auto* rod = std::get_if<geometry::Spherocylinder>(&owned[i].shape);
    if (rod != nullptr && tip_to_tip(*rod) >= threshold) {
      dividing.push_back(i);
      parent_ids.push_back(owned[i].id);
    }
  }
  // A daughter shorter than its diameter is a bad scenario; every rank must throw together.
  int too_short = 0;
  for (const std::size_t i : dividing) {
    const auto& rod = std::get<geometry::Spherocylinder>(owned[i].shape);
    if (0.5 * tip_to_tip(rod) < 2.0 * rod.radius) too_short = 1;
  }
  MPI_Allreduce(MPI_IN_PLACE, &too_short, 1, MPI_INT, MPI_MAX, store.comm());
  if (too_short) {
    throw InputError("divide_at",
                     "dividing cells would give daughters shorter than their "
                     "diameter; divide_at must be at least 4 radius");
  }
  const GlobalId first_new = store.id_allocator().next_free();
  const std::vector<GlobalId> new_ids = store.id_allocator().allocate(store.comm(), parent_ids);

  const particles::CounterRng rng(options_.seed);
  const double angle = options_.angle_noise_deg * std::numbers::pi / 180.0;
  const auto turn = [&](const particles::Body& parent, std::uint64_t daughter) {
    const std::uint64_t bits = rng.bits(static_cast<std::uint64_t>(parent.id), 2 * rounds_ + daughter);
    const double sign = (bits >> 63) != 0 ? 1.0 : -1.0;
    const Vec3 axis = options_.monolayer ? Vec3::UnitZ() : parent.pose.orientation * Vec3::UnitX();
    return DivisionTurn{sign * angle, axis};
  };
  const std::size_t old_size = owned.size();
  owned.reserve(old_size + dividing.size());
  for (std::size_t k = 0; k < dividing.size(); ++k) {
    const particles::Body parent = owned[dividing[k]];
    auto [first, second] = split_cell(parent, turn(parent, 0), turn(parent, 1));
    second.id = new_ids[k];
    owned[dividing[k]] = std::move(first);
    owned.push_back(std::move(second));
  }
  // Rounding in the split can lift a daughter by ~1e-16 off the plane.
  if (options_.monolayer) {
    for (const std::size_t i : dividing) project_configuration_to_plane(std::span(owned).subspan(i, 1));
    project_configuration_to_plane(std::span(owned).subspan(old_size));
  }
  ++rounds_;
  return store.id_allocator().next_free() - first_new;
}

void CellGrowth::restore_random_state(const DivisionRandomState& state) {
  options_.seed = state.seed;
  rounds_ = state.rounds;
}

}  // namespace relcp::dynamics
