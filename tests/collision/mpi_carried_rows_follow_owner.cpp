// Carried ReLCP rows follow their pair to the rank that owns body A now (CarriedContacts::
// follow_owners): rows kept on the rank of body B arrive at body A's owner with their force, and a
// pair whose body A this rank neither owns nor sees as a ghost is dropped. On one rank nothing
// moves.
#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <vector>

#include "collision/strategies/carried_contacts.hpp"
#include "support/contact_scene.hpp"
#include "support/scene_bodies.hpp"

namespace relcp::collision {
namespace {

// The state of a CarriedContacts that keeps one row for each of `pairs` (save()'s layout).
std::vector<double> kept_rows(const std::vector<std::pair<GlobalId, GlobalId>>& pairs, double force) {
  FlatStateWriter out;
  out.integer(static_cast<std::int64_t>(pairs.size()));
  for (const auto& [a, b] : pairs) {
    out.integer(a);
    out.integer(b);
    out.integer(1);
    out.vector(Vec3(1.0, 0.0, 0.0));
    out.vector(Vec3(-1.0, 0.0, 0.0));
    out.vector(Vec3(1.0, 0.0, 0.0));
    out.shape(geometry::Sphere{1.0});
    out.shape(geometry::Sphere{1.0});
    out.number(-0.01);
    out.number(force);
  }
  return out.take();
}

bool owns(const particles::ParticleStore& store, GlobalId id) {
  return std::any_of(store.owned().begin(), store.owned().end(),
                     [id](const particles::Body& body) { return body.id == id; });
}

// Bodies 0 and 1, one on each of two ranks where there are two, each the other's ghost.
particles::ParticleStore touching_balls() {
  const geometry::Sphere ball{1.0};
  auto store =
      testing::make_store(MPI_COMM_WORLD, {testing::make_body(0, ball, Vec3(0.0, 0.0, 0.0), Quaternion::Identity()),
                                           testing::make_body(1, ball, Vec3(1.99, 0.0, 0.0), Quaternion::Identity())});
  store.exchange_ghosts(0.5);
  return store;
}

TEST(CarriedRows, FollowTheirPairToTheOwnerOfBodyA) {
  auto store = touching_balls();
  int ranks = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);

  // Body B's owner keeps the rows of (0, 1) and of a pair of bodies nobody has.
  CarriedContacts carried;
  if (owns(store, 1)) {
    const std::vector<double> state = kept_rows({{0, 1}, {50, 51}}, 2.5);
    FlatStateReader in(state);
    carried.restore(in);
  }
  carried.follow_owners(store);

  const auto here = static_cast<long long>(carried.kept());
  long long total = 0;
  MPI_Allreduce(&here, &total, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  if (ranks == 1) {
    EXPECT_EQ(here, 2);  // one rank: nothing to send, nothing dropped
    return;
  }
  EXPECT_EQ(total, 1);
  EXPECT_EQ(here, owns(store, 0) ? 1 : 0);
  if (owns(store, 0)) {
    FlatStateWriter out;
    carried.save(out);
    const std::vector<double> saved = out.take();
    EXPECT_EQ(saved, kept_rows({{0, 1}}, 2.5));  // the row as it was kept, force included
  }
}

TEST(CarriedRows, ThatArriveForAPairKeptHereAlreadyLeaveItsRowsAlone) {
  auto store = touching_balls();
  // Every rank that sees the pair keeps it; the owner's own force wins.
  CarriedContacts carried;
  const bool sees_a = owns(store, 0) || std::any_of(store.ghosts().begin(), store.ghosts().end(),
                                                    [](const particles::Ghost& g) { return g.body.id == 0; });
  if (sees_a) {
    const std::vector<double> state = kept_rows({{0, 1}}, owns(store, 0) ? 1.0 : 7.0);
    FlatStateReader in(state);
    carried.restore(in);
  }
  carried.follow_owners(store);
  if (owns(store, 0)) {
    FlatStateWriter out;
    carried.save(out);
    EXPECT_EQ(out.take(), kept_rows({{0, 1}}, 1.0));
  } else {
    EXPECT_EQ(carried.kept(), 0u);
  }
}

}  // namespace
}  // namespace relcp::collision
