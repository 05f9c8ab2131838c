#pragma once
// Test scenes for the contact strategies: bodies distributed over a communicator, the step of
// the simulation driver (velocities from forces, contact resolution, configuration update,
// migration), and checks on the gathered bodies of all ranks.

#include <mpi.h>

#include <algorithm>
#include <map>
#include <vector>

#include "collision/strategies/contact_resolver.hpp"
#include "dynamics/configuration_update.hpp"
#include "dynamics/local_drag_mobility.hpp"
#include "geometry/shapes/shape_properties.hpp"
#include "geometry/separation/signed_separation.hpp"
#include "particles/particle_store.hpp"
#include "particles/partitioner.hpp"

namespace relcp::collision::testing {

inline particles::ParticleStore make_store(MPI_Comm comm, const std::vector<particles::Body>& all) {
  particles::ParticleStore store(comm, particles::Domain{});
  store.distribute_from_all(all);
  store.rebalance(particles::Partitioner{});
  return store;
}

// Overdamped velocities U = M F from each owned body's force and torque (eq. 27).
inline void set_drag_velocities(particles::ParticleStore& store, double drag) {
  const dynamics::LocalDragMobility mobility(drag);
  for (auto& body : store.owned()) {
    const dynamics::BodyVelocity u = mobility.apply(body.shape, body.force, body.torque);
    body.velocity = u.linear;
    body.angular_velocity = u.angular;
  }
}

// One step as the simulation driver takes it; returns the resolver's report.
inline ContactStepReport overdamped_step(particles::ParticleStore& store, ContactResolver& resolver, double dt,
                                         double drag = 1.0) {
  set_drag_velocities(store, drag);
  const ContactStepReport report = resolver.resolve(store, dt);
  dynamics::advance_configuration(store.owned(), dt);
  store.migrate();
  return report;
}

// Every rank's bodies on every rank, by id; shapes are taken from `shapes` (by id).
inline std::map<GlobalId, geometry::Pose> gather_poses(const particles::ParticleStore& store) {
  std::vector<double> mine;
  for (const auto& body : store.owned()) {
    const auto& p = body.pose;
    mine.insert(mine.end(), {static_cast<double>(body.id), p.position.x(), p.position.y(), p.position.z(),
                             p.orientation.w(), p.orientation.x(), p.orientation.y(), p.orientation.z()});
  }
  int ranks = 1;
  MPI_Comm_size(store.comm(), &ranks);
  const int count = static_cast<int>(mine.size());
  std::vector<int> counts(static_cast<std::size_t>(ranks)), offsets(static_cast<std::size_t>(ranks), 0);
  MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, store.comm());
  for (int r = 1; r < ranks; ++r)
    offsets[static_cast<std::size_t>(r)] =
        offsets[static_cast<std::size_t>(r - 1)] + counts[static_cast<std::size_t>(r - 1)];
  std::vector<double> all(static_cast<std::size_t>(offsets.back() + counts.back()));
  MPI_Allgatherv(mine.data(), count, MPI_DOUBLE, all.data(), counts.data(), offsets.data(), MPI_DOUBLE, store.comm());
  std::map<GlobalId, geometry::Pose> poses;
  for (std::size_t k = 0; k + 8 <= all.size(); k += 8) {
    geometry::Pose pose;
    pose.position = Vec3(all[k + 1], all[k + 2], all[k + 3]);
    pose.orientation = Quaternion(all[k + 4], all[k + 5], all[k + 6], all[k + 7]);
    poses[static_cast<GlobalId>(all[k])] = pose;
  }
  return poses;
}

// The smallest true signed separation over all pairs of bodies whose bounding spheres touch
// (brute force); +infinity-like 1e300 when none do.
inline double smallest_separation(const std::map<GlobalId, geometry::Pose>& poses,
                                  const std::map<GlobalId, geometry::Shape>& shapes) {
  double smallest = 1e300;
  for (auto a = poses.begin(); a != poses.end(); ++a) {
    for (auto b = std::next(a); b != poses.end(); ++b) {
      const geometry::Shape& sa = shapes.at(a->first);
      const geometry::Shape& sb = shapes.at(b->first);
      const double reach = geometry::bounding_radius(sa) + geometry::bounding_radius(sb);
      if ((a->second.position - b->second.position).norm() > reach) continue;
      smallest = std::min(smallest, geometry::signed_separation(sa, a->second, sb, b->second).phi);
    }
  }
  return smallest;
}

inline std::map<GlobalId, geometry::Shape> shapes_of(const std::vector<particles::Body>& bodies) {
  std::map<GlobalId, geometry::Shape> shapes;
  for (const auto& body : bodies) shapes[body.id] = body.shape;
  return shapes;
}

}  // namespace relcp::collision::testing
