#pragma once
// Logging through spdlog. Only MPI rank 0 logs below `warn` unless all_ranks is set.

#include <string_view>

namespace relcp {

// level: trace, debug, info, warn, error, critical or off. Throws InputError(key "--log-level")
// for anything else.
void configure_logging(std::string_view level, int mpi_rank = 0, bool all_ranks = false);

}  // namespace relcp
