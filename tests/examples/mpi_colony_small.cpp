// configs/small/colony_small.yaml (Palmer et al. 2025, Sec. 4.3, at CI size): the cell count
// doubles at each division time k ln 2, every cell stays in the plane z = 0, and the contacts keep
// the overlaps small, with the config's solver, with the body-space solvers distributed, and with
// ReLCP's carried rows and reused factorizations, and with alm's factorization carried from solve
// to solve, gathered and substructured (run on 1, 2 and 3 ranks). Carried rows need fewer ReLCP solves than fresh ones,
// and the carried factorization fewer factorizations than without it.

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "example_run.hpp"

namespace relcp::examples {
namespace {

constexpr double kTolerance = 1e-5;  // collision.tolerance of the config

class ColonySmall : public ::testing::TestWithParam<std::vector<std::string>> {};

TEST_P(ColonySmall, CellsDoubleAtEachDivisionTimeInThePlaneWithBoundedOverlap) {
  const std::string config = small_config("colony_small.yaml");
  const double dt = io::load_scenario(config).simulation.dt;
  bool all_in_plane = true;
  const auto rows = run_example(config, GetParam(), [&](const io::Simulation& s, const io::StepStatistics&) {
    for (const particles::Body& cell : s.store().owned()) all_in_plane = all_in_plane && cell.pose.position.z() == 0.0;
  });
  ASSERT_FALSE(rows.empty());
  for (const io::StepStatistics& row : rows) {
    // A cell of length 2 e^(t) / 2^k divides when that reaches 4 (cell_growth.hpp: up to a
    // relative 1e-12), so after step n there are 2^k cells, k = the divisions with k ln 2 <= n dt.
    const auto generations =
        static_cast<int>(std::floor(static_cast<double>(row.step) * dt * (1 + 1e-12) / std::numbers::ln2));
    EXPECT_EQ(row.bodies, std::int64_t{1} << generations) << "step " << row.step;
    EXPECT_LE(row.contact.max_overlap, kTolerance * (1 + 1e-9)) << "step " << row.step;
  }
  EXPECT_EQ(rows.back().bodies, 32);
  int in_plane = all_in_plane ? 1 : 0;
  int everywhere = 0;
  MPI_Allreduce(&in_plane, &everywhere, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  EXPECT_EQ(everywhere, 1);
}

INSTANTIATE_TEST_SUITE_P(
    Solvers, ColonySmall,
    ::testing::Values(std::vector<std::string>{},
                      std::vector<std::string>{"collision.solver=alm", "collision.alm_factorization=distributed"},
                      std::vector<std::string>{"collision.solver=ip", "collision.alm_factorization=distributed"},
                      std::vector<std::string>{"collision.solver=alm", "collision.relcp_carried_rows=true",
                                               "collision.newton_reuse_iterations=10",
                                               "collision.newton_update_fraction=0"},
                      std::vector<std::string>{"collision.solver=alm", "collision.relcp_carried_rows=true",
                                               "collision.newton_update_fraction=0.5"},
                      std::vector<std::string>{"collision.solver=alm", "collision.alm_factorization=distributed",
                                               "collision.relcp_carried_rows=true"},
                      std::vector<std::string>{"collision.solver=alm", "collision.relcp_carried_rows=true",
                                               "collision.alm_carry=none"},
                      std::vector<std::string>{"collision.alm_factorization=substructured"},
                      std::vector<std::string>{"collision.solver=ip", "collision.alm_factorization=substructured"}));

std::int64_t relcp_solves(const std::vector<io::StepStatistics>& rows) {
  std::int64_t solves = 0;
  for (const io::StepStatistics& row : rows) solves += row.contact.relcp_iterations;
  return solves;
}

TEST(ColonySmallCarriedRows, NeedFewerRelcpSolvesThanFreshRows) {
  const std::string config = small_config("colony_small.yaml");
  const auto fresh = run_example(config, {"collision.solver=alm"}, {});
  const auto carried = run_example(config, {"collision.solver=alm", "collision.relcp_carried_rows=true"}, {});
  ASSERT_EQ(fresh.size(), carried.size());
  EXPECT_EQ(fresh.back().bodies, carried.back().bodies);
  // Measured on this config: 396 against 429 solves (docs/collision_strategies.md, "Carried rows").
  EXPECT_LT(relcp_solves(carried), relcp_solves(fresh));
}

std::int64_t factorizations(const std::vector<io::StepStatistics>& rows) {
  std::int64_t count = 0;
  for (const io::StepStatistics& row : rows) count += row.contact.factorizations;
  return count;
}

// ReLCP's re-solves start from the step's previous factorization instead of one of their own: with
// the LCP gathered on rank 0, whose rows come rank by rank (the row map is exercised on 2 and 3),
// and substructured, where each rank's factor and the interface's Schur complement are carried.
class ColonySmallAlmCarry : public ::testing::TestWithParam<std::string> {};

TEST_P(ColonySmallAlmCarry, ReSolvesFactorizeLessThanWithoutTheCarry) {
  const std::string config = small_config("colony_small.yaml");
  // At this size 2 % of the rows is a row or two, so updates need a larger fraction to serve.
  const std::vector<std::string> alm = {"collision.solver=alm", "collision.relcp_carried_rows=true",
                                        "collision.newton_update_fraction=0.5",
                                        "collision.alm_factorization=" + GetParam()};
  std::vector<std::string> carrying = alm, fresh_solves = alm;
  carrying.emplace_back("collision.alm_carry=resolves");
  fresh_solves.emplace_back("collision.alm_carry=none");
  const auto fresh = run_example(config, fresh_solves, {});
  const auto carried = run_example(config, carrying, {});
  ASSERT_EQ(fresh.size(), carried.size());
  EXPECT_EQ(fresh.back().bodies, carried.back().bodies);
  EXPECT_GT(relcp_solves(carried), static_cast<std::int64_t>(carried.size()));  // there are re-solves
  EXPECT_LT(factorizations(carried), factorizations(fresh));
  for (const io::StepStatistics& row : carried) {
    EXPECT_LE(row.contact.max_overlap, kTolerance * (1 + 1e-9)) << "step " << row.step;
  }
}

INSTANTIATE_TEST_SUITE_P(Factorizations, ColonySmallAlmCarry, ::testing::Values("gathered", "substructured"));

}  // namespace
}  // namespace relcp::examples
