#pragma once
// Writes an LCP in Siconos numerics' dense .dat layout (see siconos_dat_reader.hpp): the file
// read_siconos_dat and Siconos' linearComplementarity_newFromFile both read back. Values carry
// 17 significant digits, so a write-read round trip is exact.

#include <filesystem>
#include <string>

#include "lcp/problem.hpp"

namespace relcp::lcp {

std::string format_siconos_dat(const LcpProblem& problem);

// Atomic (temporary file, then rename); throws relcp::RunTimeFailure when it cannot write.
void write_siconos_dat(const std::filesystem::path& file, const LcpProblem& problem);

}  // namespace relcp::lcp
