#include "core/logging.hpp"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <string>

#include "core/error.hpp"

namespace relcp {

void configure_logging(std::string_view level, int mpi_rank, bool all_ranks) {
  const auto parsed = spdlog::level::from_str(std::string(level));
  // from_str maps unknown names to `off`; only the literal "off" may mean off.
  if (parsed == spdlog::level::off && level != "off") {
    throw InputError("--log-level",
                     "unknown level '" + std::string(level) + "' (trace, debug, info, warn, error, critical, off)");
  }
  auto logger = spdlog::get("relcp");
  if (!logger) logger = spdlog::stderr_color_mt("relcp");
  logger->set_pattern(mpi_rank == 0 ? "[%l] %v" : "[rank " + std::to_string(mpi_rank) + "] [%l] %v");
  logger->set_level(mpi_rank == 0 || all_ranks ? parsed : std::max(parsed, spdlog::level::warn));
  spdlog::set_default_logger(logger);
}

}  // namespace relcp
