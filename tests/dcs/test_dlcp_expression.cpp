// muParser expressions of t for the forcing terms of scenario files.

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "core/error.hpp"
#include "dcs/problems/expression.hpp"

namespace relcp::dcs {
namespace {

TEST(TimeExpression, EvaluatesFunctionsOfTimeWithPi) {
  const TimeExpression wave("sin(2*pi*t)");
  EXPECT_NEAR(wave(0.25), 1.0, 1e-15);
  const TimeExpression decay("t*exp(-t)");
  EXPECT_NEAR(decay(2.0), 2.0 * std::exp(-2.0), 1e-15);
  const TimeExpression constant("0.1");
  EXPECT_DOUBLE_EQ(constant(7.0), 0.1);
  const TimeExpression copy = wave;  // copies share the compiled parser
  EXPECT_NEAR(copy(0.75), -1.0, 1e-15);
}

TEST(TimeExpression, BadExpressionsAreInputErrorsWithMuParsersMessage) {
  EXPECT_THROW(TimeExpression("sin("), InputError);
  EXPECT_THROW(TimeExpression("x + t"), InputError);  // unknown variable
  EXPECT_THROW(TimeExpression(""), InputError);
  try {
    TimeExpression("2*t +* 3");
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_NE(error.message().find("2*t +* 3"), std::string::npos);
  }
}

TEST(TimeExpression, VectorsNameTheFailingComponent) {
  const TimeExpressionVector forcing({"1", "t", "t^2"});
  EXPECT_EQ(forcing.size(), 3);
  EXPECT_EQ(forcing(2.0), (Vector{{1.0, 2.0, 4.0}}));
  try {
    TimeExpressionVector({"1", "bad("});
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_NE(error.message().find("component 1"), std::string::npos);
  }
}

}  // namespace
}  // namespace relcp::dcs
