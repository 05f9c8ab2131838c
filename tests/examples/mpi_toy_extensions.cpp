// The extension checklists of docs/extending.md, done once by a test: a toy distributed solver
// with a scenario key of its own, and a toy contact strategy, registered at run time and chosen
// by a scenario like the built-in ones. The toys reproduce bbpgd and the single strategy, so a
// run with them must give the same statistics as one with those.

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>

#include "collision/solvers/distributed_solver_registry.hpp"
#include "collision/strategies/single_constraint_strategy.hpp"
#include "collision/strategies/strategy_registry.hpp"
#include "core/error.hpp"
#include "example_run.hpp"

namespace relcp::examples {
namespace {

std::atomic<int> toy_solves{0};
std::atomic<int> toy_starts{0};

// A solver: one class, its parameter keys, one registry entry.
const std::vector<collision::SolverParameterSpec>& toy_keys() {
  static const std::vector<collision::SolverParameterSpec> keys{
      {"toy_inner_solver",
       collision::SolverParameterKind::choice,
       {"apgd", "bbpgd"},
       "inner solver",
       "toy: the solver it hands each LCP to"},
  };
  return keys;
}

class ToySolver final : public collision::DistributedLcpSolver {
 public:
  explicit ToySolver(const std::string& inner) : inner_(collision::make_distributed_solver(inner)) {}
  std::string_view name() const override { return "toy"; }
  collision::DistributedSolverResult solve(const collision::DistributedLcp& problem,
                                           const collision::DistributedSolverOptions& options) const override {
    ++toy_solves;
    return inner_->solve(problem, options);
  }

 private:
  std::unique_ptr<collision::DistributedLcpSolver> inner_;
};

// A strategy: one class, one registry entry.
class ToyStrategy final : public collision::ContactStrategy {
 public:
  explicit ToyStrategy(double search_buffer) : search_buffer_(search_buffer) {}
  std::string_view name() const override { return "toy"; }
  std::vector<collision::ConstraintRecord> rows_at_start(const collision::ContactScene& start) const override {
    ++toy_starts;
    return collision::deepest_point_rows(start, search_buffer_);
  }

 private:
  double search_buffer_;
};

void register_toys() {
  static std::once_flag once;
  std::call_once(once, [] {
    collision::register_distributed_solver(
        {"toy",
         "hands every LCP to toy_inner_solver (a test)",
         {},
         toy_keys,
         [](const collision::SolverParameterValues& values) -> std::unique_ptr<collision::DistributedLcpSolver> {
           return std::make_unique<ToySolver>(values.choice("toy_inner_solver", "apgd"));
         }});
    collision::register_contact_strategy(
        {"toy", "the single strategy again (a test)",
         [](const collision::ContactSettings& settings) -> std::unique_ptr<collision::ContactStrategy> {
           return std::make_unique<ToyStrategy>(settings.strategy.search_buffer);
         }});
  });
}

// Contacts begin near step 70 of compaction_small.
const std::vector<std::string> kShort{"simulation.steps=90"};

std::vector<std::string> with(std::vector<std::string> overrides) {
  overrides.insert(overrides.end(), kShort.begin(), kShort.end());
  return overrides;
}

TEST(ToyExtensions, RegisteredToysRunFromAScenarioLikeTheBuiltInsTheyCopy) {
  register_toys();
  const int solves_before = toy_solves, starts_before = toy_starts;
  const auto toys =
      run_example(small_config("compaction_small.yaml"),
                  with({"collision.strategy=toy", "collision.solver=toy", "collision.toy_inner_solver=bbpgd"}));
  const auto built_in =
      run_example(small_config("compaction_small.yaml"), with({"collision.strategy=single", "collision.solver=bbpgd"}));
  ASSERT_EQ(toys.size(), 90u);
  ASSERT_EQ(toys.size(), built_in.size());
  EXPECT_EQ(toy_starts - starts_before, 90);
  EXPECT_GE(toy_solves - solves_before, 90);
  bool touched = false;
  for (std::size_t i = 0; i < toys.size(); ++i) {
    EXPECT_EQ(toys[i].contact.constraints, built_in[i].contact.constraints) << "step " << i;
    EXPECT_EQ(toys[i].contact.solver_iterations, built_in[i].contact.solver_iterations) << "step " << i;
    EXPECT_EQ(toys[i].contact.max_overlap, built_in[i].contact.max_overlap) << "step " << i;
    touched = touched || toys[i].contact.constraints > 0;
  }
  EXPECT_TRUE(touched) << "the run never had a contact";
}

TEST(ToyExtensions, AToyKeyIsValidatedByItsSpec) {
  register_toys();
  try {
    run_example(small_config("compaction_small.yaml"),
                with({"collision.solver=toy", "collision.toy_inner_solver=lemke"}));
    ADD_FAILURE() << "an unknown inner solver was accepted";
  } catch (const InputError& error) {
    EXPECT_EQ(error.key(), "collision.toy_inner_solver");
    EXPECT_NE(error.message().find("bbpgd"), std::string::npos) << error.message();
  }
}

TEST(ToyExtensions, ChoicesInMessagesComeFromTheTables) {
  register_toys();
  try {
    run_example(small_config("compaction_small.yaml"), with({"collision.strategy=cubes"}));
    ADD_FAILURE() << "an unknown strategy was accepted";
  } catch (const InputError& error) {
    EXPECT_EQ(error.key(), "collision.strategy");
    EXPECT_NE(error.message().find("toy"), std::string::npos) << error.message();
  }
}

}  // namespace
}  // namespace relcp::examples
