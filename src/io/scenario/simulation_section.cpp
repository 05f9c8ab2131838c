#include <array>
#include <cmath>

#include "core/duration.hpp"
#include "io/scenario/scenario_sections.hpp"
#include "io/scenario/scenario_values.hpp"

namespace relcp::io {
namespace {

OutputSettings read_output(const YamlNodeReader& section) {
  section.expect_map();
  constexpr auto kKeys = std::to_array<std::string_view>({"directory", "snapshot_every", "checkpoint_every"});
  section.expect_only_keys(kKeys);
  OutputSettings output;
  if (const auto directory = section.optional_child("directory")) {
    output.directory = directory->as_string();
    if (output.directory.empty()) directory->fail("must not be empty");
  }
  if (const auto every = section.optional_child("snapshot_every")) output.snapshot_every = as_count(*every);
  if (const auto every = section.optional_child("checkpoint_every")) output.checkpoint_every = as_count(*every);
  return output;
}

// The number of steps of length dt that reach end_time (the last may end up to dt past it;
// a ratio within rounding of a whole number counts as that number).
std::int64_t steps_to_reach(const YamlNodeReader& end_time_node, double end_time, double dt) {
  const double ratio = end_time / dt;
  if (!(ratio < 1e15)) end_time_node.fail("needs more than 1e15 steps of dt");
  return static_cast<std::int64_t>(std::ceil(ratio - 1e-9 * std::max(1.0, ratio)));
}

}  // namespace

SimulationSettings read_simulation_section(const YamlNodeReader& section) {
  section.expect_map();
  constexpr auto kKeys =
      std::to_array<std::string_view>({"dt", "steps", "end_time", "seed", "output", "max_wall_time"});
  section.expect_only_keys(kKeys);
  SimulationSettings settings;
  settings.dt = section.child("dt").as_positive_double();
  const auto steps = section.optional_child("steps");
  const auto end_time = section.optional_child("end_time");
  if (steps && end_time) end_time->fail("give either steps or end_time, not both");
  if (steps) {
    settings.steps = as_count(*steps);
  } else if (end_time) {
    settings.steps = steps_to_reach(*end_time, as_non_negative_double(*end_time), settings.dt);
  } else {
    section.fail("needs either steps or end_time");
  }
  if (const auto seed = section.optional_child("seed")) settings.seed = static_cast<std::uint64_t>(as_count(*seed));
  if (const auto output = section.optional_child("output")) settings.output = read_output(*output);
  if (const auto wall = section.optional_child("max_wall_time")) {
    const std::string text = wall->as_string();
    settings.max_wall_seconds = parse_duration(text);
    if (!settings.max_wall_seconds) {
      wall->fail("expected a duration such as 3600, 90m, 2h or 1-12:00:00, found '" + text + "'");
    }
  }
  return settings;
}

}  // namespace relcp::io
