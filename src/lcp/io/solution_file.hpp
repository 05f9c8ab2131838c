#pragma once
// Solution vectors as text, one value per line: written by `relcp_lcp solve --out`, read back
// by `--warm-start`. Writing goes to a temporary file in the same folder that is then renamed
// over the target, so a reader never sees a half-written file.

#include <filesystem>
#include <string>
#include <string_view>

#include "lcp/types.hpp"

namespace relcp::lcp {

// Writes `content` to `file` atomically (temporary file, then rename). Throws
// relcp::RunTimeFailure when the file cannot be written; the target is then left untouched.
void write_file_atomically(const std::filesystem::path& file, std::string_view content);

// One value per line, printed with 17 significant digits (round-trips exactly).
void write_solution(const std::filesystem::path& file, const Vector& z);

// One value per line; blank lines and lines starting with '#' are skipped. A `.mtx` file is read
// as a MatrixMarket vector instead. Throws InputError with the line of any bad value, and when
// `expected_size` >= 0 and the count differs.
Vector read_solution(const std::filesystem::path& file, Index expected_size = -1);
Vector parse_solution(std::string_view text, const std::string& file, Index expected_size = -1);

}  // namespace relcp::lcp
