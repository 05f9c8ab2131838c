#pragma once
// Wall-clock durations as batch systems and users write them (docs/running.md, "Batch jobs").

#include <optional>
#include <string_view>

namespace relcp {

// Seconds from "3600", "90s", "45m", "2h", "1.5h", "1d", "HH:MM:SS", "MM:SS" or Slurm's
// "D-HH:MM:SS"; nullopt when the text is none of these or not positive and finite.
std::optional<double> parse_duration(std::string_view text);

}  // namespace relcp
