#pragma once
// Stewart's error measure: the largest Euclidean distance between two runs over their common
// output times.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "dcs/switching/simulation_record.hpp"

namespace relcp::dcs::testing {

inline double max_sample_error(const SimulationRecord& run, const SimulationRecord& reference) {
  EXPECT_EQ(run.samples.size(), reference.samples.size());
  double worst = 0.0;
  const std::size_t count = std::min(run.samples.size(), reference.samples.size());
  for (std::size_t i = 0; i < count; ++i) {
    EXPECT_NEAR(run.samples[i].t, reference.samples[i].t, 1e-12);
    worst = std::max(worst, (run.samples[i].x - reference.samples[i].x).norm());
  }
  return worst;
}

}  // namespace relcp::dcs::testing
