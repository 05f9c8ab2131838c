#include "particles/chainmail_lattice.hpp"

#include <algorithm>
#include <limits>
#include <numbers>

#include "geometry/separation/signed_separation.hpp"

namespace relcp::particles {
namespace {

// Body z (the torus axis) turned onto lab y, and onto lab x.
const Quaternion kAxisAlongY(Eigen::AngleAxisd(-0.5 * std::numbers::pi, Vec3::UnitX()));
const Quaternion kAxisAlongX(Eigen::AngleAxisd(0.5 * std::numbers::pi, Vec3::UnitY()));

}  // namespace

std::int64_t chainmail_ring_count(const ChainmailLattice& lattice) {
  const std::int64_t nx = lattice.nx;
  const std::int64_t ny = lattice.ny;
  return nx * ny + (nx - 1) * ny + nx * (ny - 1);
}

std::vector<Body> place_chainmail(const ChainmailLattice& lattice) {
  const double s = lattice.spacing;
  const Vec3 origin =
      lattice.center - 0.5 * s * Vec3(static_cast<double>(lattice.nx - 1), static_cast<double>(lattice.ny - 1), 0.0);
  std::vector<Body> rings;
  rings.reserve(static_cast<std::size_t>(chainmail_ring_count(lattice)));
  const auto add = [&](double i, double j, const Quaternion& orientation) {
    Body body;
    body.id = lattice.first_id + static_cast<GlobalId>(rings.size());
    body.shape = lattice.ring;
    body.pose.position = origin + s * Vec3(i, j, 0.0);
    body.pose.orientation = orientation;
    rings.push_back(body);
  };
  for (std::int64_t j = 0; j < lattice.ny; ++j) {
    for (std::int64_t i = 0; i < lattice.nx; ++i) add(double(i), double(j), Quaternion::Identity());
  }
  for (std::int64_t j = 0; j < lattice.ny; ++j) {
    for (std::int64_t i = 0; i + 1 < lattice.nx; ++i) add(double(i) + 0.5, double(j), kAxisAlongY);
  }
  for (std::int64_t j = 0; j + 1 < lattice.ny; ++j) {
    for (std::int64_t i = 0; i < lattice.nx; ++i) add(double(i), double(j) + 0.5, kAxisAlongX);
  }
  return rings;
}

double chainmail_min_separation(const ChainmailLattice& lattice) {
  ChainmailLattice patch = lattice;
  patch.nx = std::min<std::int64_t>(lattice.nx, 3);
  patch.ny = std::min<std::int64_t>(lattice.ny, 3);
  const std::vector<Body> rings = place_chainmail(patch);
  const double reach = 2.0 * (lattice.ring.major_radius + lattice.ring.minor_radius);
  double smallest = std::numeric_limits<double>::infinity();
  for (std::size_t a = 0; a < rings.size(); ++a) {
    for (std::size_t b = a + 1; b < rings.size(); ++b) {
      // Bounding spheres apart: a positive separation that cannot decide anything.
      if ((rings[a].pose.position - rings[b].pose.position).norm() > reach) continue;
      const double phi = geometry::signed_separation(rings[a].shape, rings[a].pose, rings[b].shape, rings[b].pose).phi;
      smallest = std::min(smallest, phi);
    }
  }
  return smallest;
}

}  // namespace relcp::particles
