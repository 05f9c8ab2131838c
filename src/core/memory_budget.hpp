#pragma once
// How much memory one process may ask for before a large allocation: sizes read from input are
// checked against it, so that an absurd size is refused with the key that asked for it instead
// of being attempted (docs/robustness.md, "Resource limits").
//
// The budget is the smaller of the memory available now (MemAvailable, and the cgroup's limit
// when there is one) and the user's cap: `--max-memory` on every app, or the environment
// variable RELCP_MAX_MEMORY (both take sizes such as 4G, 512M, 2GiB or a byte count).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace relcp {

// Bytes of memory this process may use now.
std::uint64_t memory_budget_bytes();

// Sets (or clears) the user's cap. The environment variable is read when no cap was set.
void set_memory_cap_bytes(std::optional<std::uint64_t> cap);

// "4G", "512 MiB", "2e9", "1000000" -> bytes; nullopt when the text is not a size.
std::optional<std::uint64_t> parse_memory_size(std::string_view text);

// "2.5 GiB", "300 MiB", "12 KiB", "7 B".
std::string format_bytes(double bytes);

// Empty when `bytes` fits the budget; otherwise the end of an error message, for example
// "needs 7.5 GiB of memory, more than the 3.1 GiB available (--max-memory, RELCP_MAX_MEMORY)".
std::optional<std::string> memory_shortfall(double bytes);

}  // namespace relcp
