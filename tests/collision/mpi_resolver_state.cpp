// The resolver's state between steps, as a checkpoint keeps it (docs/output.md, "Checkpoints"):
// a new resolver given the saved state of another takes the next step exactly as that one does,
// on 1-4 ranks; an empty state (an older checkpoint) leaves a resolver as new, and a state that
// does not parse is refused.
#include <gtest/gtest.h>
#include <mpi.h>

#include <bit>
#include <vector>

#include "core/error.hpp"
#include "support/contact_scene.hpp"
#include "support/scene_bodies.hpp"

namespace relcp::collision {
namespace {

using testing::about;
using testing::gather_poses;
using testing::make_store;
using testing::overdamped_step;

ContactSettings warm_started_settings() {
  ContactSettings settings;
  settings.strategy.name = "single";
  settings.solver.name = "bbpgd";
  settings.strategy.tolerance = 1e-6;
  settings.solver.warm_start_from_previous_step = true;
  return settings;
}

std::vector<particles::Body> pressed_ellipsoids() {
  const geometry::Ellipsoid shape{Vec3(2.0, 1.0, 1.0)};
  return {testing::make_body(0, shape, Vec3(0.0, 1.05, 0.0), about(Vec3::UnitZ(), 10.0), Vec3(0.0, -1.0, 0.0)),
          testing::make_body(1, shape, Vec3(0.3, -1.05, 0.0), about(Vec3::UnitZ(), -5.0), Vec3(0.0, 1.0, 0.0))};
}

TEST(ResolverState, ARestoredResolverTakesTheNextStepAsTheOriginalDoes) {
  auto original_store = make_store(MPI_COMM_WORLD, pressed_ellipsoids());
  auto restored_store = make_store(MPI_COMM_WORLD, pressed_ellipsoids());
  ContactResolver original(warm_started_settings(), ContactDynamics{});
  ContactResolver twin(warm_started_settings(), ContactDynamics{});
  for (int step = 0; step < 20; ++step) {
    overdamped_step(original_store, original, 0.05);
    overdamped_step(restored_store, twin, 0.05);
  }
  ContactResolver restored(warm_started_settings(), ContactDynamics{});
  restored.restore_state(original.saved_state());
  EXPECT_EQ(restored.saved_state().size(), original.saved_state().size());

  const auto next = overdamped_step(original_store, original, 0.05);
  const auto next_restored = overdamped_step(restored_store, restored, 0.05);
  EXPECT_EQ(next_restored.solver_iterations, next.solver_iterations);
  const auto poses = gather_poses(original_store);
  const auto restored_poses = gather_poses(restored_store);
  for (const auto& [id, pose] : poses) {
    for (int k = 0; k < 3; ++k) {
      EXPECT_EQ(std::bit_cast<std::uint64_t>(restored_poses.at(id).position[k]),
                std::bit_cast<std::uint64_t>(pose.position[k]))
          << "body " << id;
    }
  }
}

// Every rank's saved state, on every rank (a checkpoint read on another rank count).
std::vector<std::vector<double>> all_states(const ContactResolver& resolver) {
  const std::vector<double> mine = resolver.saved_state();
  int ranks = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const int length = static_cast<int>(mine.size());
  std::vector<int> lengths(static_cast<std::size_t>(ranks));
  MPI_Allgather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, MPI_COMM_WORLD);
  std::vector<int> offsets(lengths.size(), 0);
  for (std::size_t r = 1; r < lengths.size(); ++r) offsets[r] = offsets[r - 1] + lengths[r - 1];
  std::vector<double> all(static_cast<std::size_t>(offsets.back() + lengths.back()));
  MPI_Allgatherv(mine.data(), length, MPI_DOUBLE, all.data(), lengths.data(), offsets.data(), MPI_DOUBLE,
                 MPI_COMM_WORLD);
  std::vector<std::vector<double>> states;
  for (std::size_t r = 0; r < lengths.size(); ++r) {
    states.emplace_back(all.begin() + offsets[r], all.begin() + offsets[r] + lengths[r]);
  }
  return states;
}

long long sum_over(MPI_Comm comm, std::size_t count) {
  const auto mine = static_cast<long long>(count);
  long long total = 0;
  MPI_Allreduce(&mine, &total, 1, MPI_LONG_LONG, MPI_SUM, comm);
  return total;
}

TEST(ResolverState, OnAnotherRankCountEachRankAdoptsTheCarriedRowsOfItsPairs) {
  ContactSettings settings;
  settings.strategy.name = "relcp";
  settings.strategy.carried_rows = true;
  settings.solver.name = "bbpgd";
  settings.strategy.tolerance = 1e-6;
  // Four pressed pairs far apart, spread over the ranks.
  std::vector<particles::Body> bodies;
  for (int pair = 0; pair < 4; ++pair) {
    for (particles::Body body : pressed_ellipsoids()) {
      body.id += 2 * pair;
      body.pose.position.x() += 10.0 * pair;
      bodies.push_back(body);
    }
  }
  auto store = make_store(MPI_COMM_WORLD, bodies);
  ContactResolver original(settings, ContactDynamics{});
  for (int step = 0; step < 10; ++step) overdamped_step(store, original, 0.05);
  const long long total = sum_over(MPI_COMM_WORLD, original.carried_rows());
  ASSERT_GT(total, 0);
  const std::vector<std::vector<double>> states = all_states(original);

  // One rank alone owns every body: it adopts every kept row.
  auto alone = make_store(MPI_COMM_SELF, bodies);
  ContactResolver adopted_alone(settings, ContactDynamics{});
  adopted_alone.adopt_states(states, alone.owned());
  EXPECT_EQ(static_cast<long long>(adopted_alone.carried_rows()), total);

  // Two ranks: each keeps the rows of the pairs it owns, none twice.
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm two = MPI_COMM_NULL;
  MPI_Comm_split(MPI_COMM_WORLD, rank < 2 ? 0 : MPI_UNDEFINED, rank, &two);
  if (two != MPI_COMM_NULL) {
    auto shared = make_store(two, bodies);
    ContactResolver adopted(settings, ContactDynamics{});
    adopted.adopt_states(states, shared.owned());
    EXPECT_EQ(sum_over(two, adopted.carried_rows()), total);
    MPI_Comm_free(&two);
  }
}

TEST(ResolverState, AnEmptyStateLeavesTheResolverAsNewAndAGarbledOneIsRefused) {
  ContactResolver resolver(warm_started_settings(), ContactDynamics{});
  const std::vector<double> fresh = resolver.saved_state();
  EXPECT_NO_THROW(resolver.restore_state({}));
  EXPECT_EQ(resolver.saved_state(), fresh);
  EXPECT_THROW(resolver.restore_state({std::bit_cast<double>(std::int64_t{99})}), RunTimeFailure);
  std::vector<double> truncated = fresh;
  truncated.pop_back();
  EXPECT_THROW(resolver.restore_state(truncated), RunTimeFailure);
  std::vector<double> longer = fresh;
  longer.push_back(0.0);
  EXPECT_THROW(resolver.restore_state(longer), RunTimeFailure);
}

}  // namespace
}  // namespace relcp::collision
