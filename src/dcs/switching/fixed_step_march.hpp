#pragma once
// The step sequence of the fixed-step methods: every output interval of a TimeSpan (and the
// last, possibly shorter, one up to its end) is cut into ceil(length / h) equal steps, so that
// steps never exceed h and land exactly on the output times.

#include <cstdint>
#include <functional>

#include "dcs/switching/simulation_record.hpp"

namespace relcp::dcs {

// Calls step(t, dt) for each step in order, then at_breakpoint(t) after each output interval.
// Returns the number of steps. Throws std::invalid_argument unless h > 0.
std::int64_t march_fixed_steps(const TimeSpan& span, double h, const std::function<void(double t, double dt)>& step,
                               const std::function<void(double t)>& at_breakpoint);

}  // namespace relcp::dcs
