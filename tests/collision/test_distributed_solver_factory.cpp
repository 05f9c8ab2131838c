// Distributed solvers by name.
#include <gtest/gtest.h>

#include "collision/solvers/distributed_solver.hpp"
#include "core/error.hpp"

namespace relcp::collision {
namespace {

TEST(DistributedSolverFactory, MakesEveryListedSolverUnderItsName) {
  const std::vector<std::string> names = distributed_solver_names();
  EXPECT_EQ(names, (std::vector<std::string>{"auto", "bbpgd", "apgd", "mprgp", "minmap", "alm", "ip"}));
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

}  // namespace
}  // namespace relcp::collision
