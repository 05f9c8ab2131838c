// Distributed solvers by name, from the one table (distributed_solver_registry.hpp).
#include <gtest/gtest.h>

#include <algorithm>

#include "collision/solvers/distributed_solver_registry.hpp"
#include "core/error.hpp"

namespace relcp::collision {
namespace {

TEST(DistributedSolverFactory, MakesEveryListedSolverUnderItsName) {
  const std::vector<std::string> names = distributed_solver_names();
  EXPECT_EQ(names, (std::vector<std::string>{"auto", "bbpgd", "apgd", "mprgp", "minmap", "alm", "ip", "nsgs"}));
  for (const std::string& name : names) EXPECT_EQ(make_distributed_solver(name)->name(), name);
}

TEST(DistributedSolverFactory, UnknownNamesAreInputErrors) {
  try {
    make_distributed_solver("lemke");
    FAIL() << "lemke is not a distributed solver";
  } catch (const InputError& error) {
    EXPECT_EQ(error.key(), "solver");
    EXPECT_NE(error.message().find("bbpgd"), std::string::npos);
  }
}

TEST(DistributedSolverFactory, CapabilitiesSayWhichSolversTakeConesAndJacobi) {
  EXPECT_EQ(distributed_solver_names_with(&DistributedSolverCapabilities::friction_cones),
            (std::vector<std::string>{"auto", "bbpgd", "apgd", "nsgs"}));
  EXPECT_EQ(distributed_solver_names_with(&DistributedSolverCapabilities::exact_coulomb),
            (std::vector<std::string>{"nsgs"}));
  EXPECT_EQ(distributed_solver_names_with(&DistributedSolverCapabilities::jacobi_scaling),
            (std::vector<std::string>{"auto", "bbpgd", "apgd", "mprgp"}));
}

TEST(DistributedSolverFactory, ScenarioKeysAreListedOnceEach) {
  std::vector<std::string> keys;
  for (const SolverParameterSpec& spec : distributed_solver_scenario_keys()) keys.emplace_back(spec.key);
  EXPECT_EQ(keys, (std::vector<std::string>{"alm_penalty", "alm_factorization", "newton_reuse_iterations",
                                            "newton_update_fraction", "alm_carry", "minmap_krylov",
                                            "minmap_krylov_iterations", "minmap_regularization", "nsgs_sweeps"}));
  for (const SolverParameterSpec& spec : distributed_solver_scenario_keys()) {
    EXPECT_FALSE(spec.help.empty()) << spec.key;
    EXPECT_EQ(spec.kind == SolverParameterKind::choice, !spec.choices.empty()) << spec.key;
  }
}

TEST(DistributedSolverFactory, ANameCannotBeRegisteredTwice) {
  EXPECT_THROW(register_distributed_solver(distributed_solvers().front()), std::invalid_argument);
}

}  // namespace
}  // namespace relcp::collision
