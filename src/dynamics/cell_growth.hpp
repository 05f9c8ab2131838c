#pragma once
// Growth and division of spherocylinder cells (bacterial colony, Palmer et al. 2025, Sec. 4.3). The
// tip-to-tip length l = length + 2 radius grows as dl/dt = rate l, exactly over a step; a cell
// with l >= divide_at splits into two cells of length l/2 end to end (split_cell), each turned
// by +-angle_noise_deg (random sign) about the lab z axis in a monolayer, about its body x axis
// otherwise; with monolayer the daughters are put back exactly into the z = 0 plane. Other
// shapes neither grow nor divide.

#include <cstdint>
#include <limits>
#include <span>

#include "particles/body.hpp"
#include "particles/particle_store.hpp"

namespace relcp::dynamics {

struct GrowthOptions {
  double rate = 0.0;                                           // 1/time
  double divide_at = std::numeric_limits<double>::infinity();  // tip-to-tip length
  double angle_noise_deg = 0.0;
  bool monolayer = false;
  std::uint64_t seed = 0;
};

// Everything a checkpoint needs to continue the same random sequence.
struct DivisionRandomState {
  std::uint64_t seed = 0;
  std::uint64_t rounds = 0;  // completed divide() calls
};

class CellGrowth {
 public:
  // Throws InputError (keys "rate", "divide_at", "angle_noise_deg") for negative values.
  explicit CellGrowth(const GrowthOptions& options);

  const GrowthOptions& options() const { return options_; }

  // l <- l exp(rate dt) for every spherocylinder.
  void grow(std::span<particles::Body> bodies, double dt) const;

  // Collective. Divides every owned cell with l >= divide_at (up to a relative 1e-12, so that
  // exactly doubled cells divide despite rounding). The daughter toward -axis keeps the
  // parent's id, the other gets a new id (IdAllocator, ordered by parent id); the random signs
  // depend on (seed, parent id, round) only. Daughters are appended to the owned bodies, which
  // invalidates the ghosts: migrate and exchange ghosts afterwards. Returns the number of
  // divisions on all ranks.
  std::int64_t divide(particles::ParticleStore& store);

  DivisionRandomState random_state() const { return {options_.seed, rounds_}; }
  void restore_random_state(const DivisionRandomState& state);

 private:
  GrowthOptions options_;
  std::uint64_t rounds_ = 0;
};

}  // namespace relcp::dynamics
