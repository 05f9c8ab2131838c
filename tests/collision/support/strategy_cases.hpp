#pragma once
// Parameters of the contact tests run for every strategy of the table (strategy_registry.hpp),
// each overdamped and inertial, and their readable gtest names ("relcpInertial").

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "collision/strategies/strategy_registry.hpp"

namespace relcp::collision::testing {

struct StrategyCase {
  std::string strategy;
  bool inertial;
};

// Every strategy overdamped, then every strategy inertial.
inline std::vector<StrategyCase> every_strategy_case() {
  std::vector<StrategyCase> cases;
  for (const bool inertial : {false, true}) {
    for (const std::string& name : contact_strategy_names()) cases.push_back({name, inertial});
  }
  return cases;
}

inline std::string case_name(const ::testing::TestParamInfo<StrategyCase>& info) {
  return info.param.strategy + (info.param.inertial ? "Inertial" : "Overdamped");
}

}  // namespace relcp::collision::testing
