#pragma once
// The bad-state stop (docs/robustness.md, "Bad state"): a run whose bodies hold a non-finite
// number, or went so far that the geometry's squares would overflow, stops at that step
// instead of writing nonsense for hours.

#include <optional>
#include <span>
#include <string>

#include "particles/body.hpp"

namespace relcp::io {

// Positions beyond this magnitude are refused in input too (docs/robustness.md, "Numbers").
constexpr double kLargestPosition = 1e100;

// "body 17: velocity is not finite (nan, 0, 1)" for the first bad body (in order), or nullopt.
std::optional<std::string> first_bad_body(std::span<const particles::Body> bodies);

}  // namespace relcp::io
