#pragma once
// Parameters of the contact tests run for every strategy (single, multisphere, relcp), each
// overdamped and inertial, and their readable gtest names ("relcpInertial").

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "collision/strategies/contact_settings.hpp"

namespace relcp::collision::testing {

struct StrategyCase {
  ContactStrategyKind strategy;
  bool inertial;
};

inline const char* strategy_name(ContactStrategyKind strategy) {
  return strategy == ContactStrategyKind::single        ? "single"
         : strategy == ContactStrategyKind::multisphere ? "multisphere"
                                                        : "relcp";
}

// Every strategy overdamped, then every strategy inertial.
inline std::vector<StrategyCase> every_strategy_case() {
  return {StrategyCase{ContactStrategyKind::single, false},
          StrategyCase{ContactStrategyKind::multisphere, false},
          StrategyCase{ContactStrategyKind::relcp, false},
          StrategyCase{ContactStrategyKind::single, true},
          StrategyCase{ContactStrategyKind::multisphere, true},
          StrategyCase{ContactStrategyKind::relcp, true}};
}

inline std::string case_name(const ::testing::TestParamInfo<StrategyCase>& info) {
  return std::string(strategy_name(info.param.strategy)) +
         (info.param.inertial ? "Inertial" : "Overdamped");
}

}  // namespace relcp::collision::testing
