#include "io/dcs/time_section.hpp"

namespace relcp::io::dcs {

relcp::dcs::TimeSpan parse_time_section(const ScenarioNode& root) {
  const ScenarioNode time = root.child("time");
  time.allow_only({"T", "output_every", "t0"});
  relcp::dcs::TimeSpan span;
  span.start = time.number("t0", 0.0);
  span.end = time.number("T");
  if (!(span.end > span.start)) time.fail("T", "must be larger than t0");
  span.output_every = time.positive("output_every");
  return span;
}

}  // namespace relcp::io::dcs
