#include <gtest/gtest.h>

#include "core/error.hpp"
#include "core/logging.hpp"

namespace relcp {

TEST(InputError, FormatsFileLineKeyAndMessage) {
  const InputError error("scenario.yaml", 12, "simulation.dt", "must be positive");
  EXPECT_STREQ(error.what(), "scenario.yaml:12: simulation.dt: must be positive");
  EXPECT_EQ(error.line(), 12);
  EXPECT_EQ(error.key(), "simulation.dt");
}

TEST(InputError, OmitsMissingParts) {
  EXPECT_STREQ(InputError("--tol", "not a number").what(), "--tol: not a number");
  EXPECT_STREQ(InputError("m.dat", 0, "", "empty file").what(), "m.dat: empty file");
}

TEST(Logging, RejectsUnknownLevel) {
  EXPECT_THROW(configure_logging("verbose"), InputError);
  EXPECT_NO_THROW(configure_logging("off"));
  EXPECT_NO_THROW(configure_logging("info"));
}

}  // namespace relcp
