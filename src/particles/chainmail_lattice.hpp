#pragma once
// The `chainmail` body generator (Palmer et al. 2025, Sec. 4.4, Fig. 6; the paper gives no
// lattice, our choice is in docs/scenario.md): a Japanese 4-in-1 net of tori.
// Flat rings (axis z) sit on an nx x ny square lattice of pitch `spacing` in the plane z = 0;
// between x-neighbours a connector ring with axis y, between y-neighbours one with axis x, each
// threaded through both of its flat rings. A pure function of its input.

#include <cstdint>
#include <vector>

#include "core/types.hpp"
#include "geometry/shapes/shape.hpp"
#include "particles/body.hpp"

namespace relcp::particles {

struct ChainmailLattice {
  std::int64_t nx = 1;  // flat rings along x
  std::int64_t ny = 1;  // flat rings along y
  double spacing = 3.0;
  geometry::Torus ring;
  Vec3 center = Vec3::Zero();  // centre of the grid of flat-ring centres
  GlobalId first_id = 0;       // bodies get first_id, first_id + 1, ...
};

// nx ny + (nx - 1) ny + nx (ny - 1) rings.
std::int64_t chainmail_ring_count(const ChainmailLattice& lattice);

// Flat rings row by row (i fastest), then the x-connectors, then the y-connectors.
std::vector<Body> place_chainmail(const ChainmailLattice& lattice);

// The smallest signed separation between two rings of the lattice whose bounding spheres meet
// (+infinity when none do), found on a patch of at most 3 x 3 flat rings: a pair of a larger
// lattice that is not a translate of a patch pair is more than 2 spacings apart along an axis,
// and it can only overlap when a nearer pair of the same kinds overlaps too.
double chainmail_min_separation(const ChainmailLattice& lattice);

}  // namespace relcp::particles
