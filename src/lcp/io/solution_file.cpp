#include "lcp/io/solution_file.hpp"

#include <cstdio>
#include <fstream>
#include <random>
#include <system_error>
#include <vector>

#include "core/error.hpp"
#include "lcp/io/matrix_market_reader.hpp"
#include "lcp/io/text_input.hpp"

namespace relcp::lcp {
namespace {

std::filesystem::path temporary_sibling(const std::filesystem::path& file) {
  std::random_device entropy;
  const auto tag = std::to_string(entropy()) + std::to_string(entropy());
  std::filesystem::path temporary = file;
  temporary += ".tmp." + tag;
  return temporary;
}

std::string format_value(double value) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}

}  // namespace

void write_file_atomically(const std::filesystem::path& file, std::string_view content) {
  const std::filesystem::path temporary = temporary_sibling(file);
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) throw RunTimeFailure(file.string() + ": cannot write file");
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    out.flush();
    if (!out) {
      out.close();
      std::error_code ignored;
      std::filesystem::remove(temporary, ignored);
      throw RunTimeFailure(file.string() + ": writing failed");
    }
  }
  std::error_code error;
  std::filesystem::rename(temporary, file, error);
  if (error) {
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);
    throw RunTimeFailure(file.string() + ": cannot replace file (" + error.message() + ")");
  }
}

void write_solution(const std::filesystem::path& file, const Vector& z) {
  std::string content;
  content.reserve(static_cast<std::size_t>(z.size()) * 24);
  for (Index i = 0; i < z.size(); ++i) content += format_value(z[i]) + "\n";
  write_file_atomically(file, content);
}

Vector parse_solution(std::string_view text, const std::string& file, Index expected_size) {
  static const std::string key = "z";
  std::vector<double> values;
  text::LineCursor cursor(text);
  text::Line line;
  while (cursor.next_non_blank(line)) {
    const auto fields = text::split_fields(line.text);
    if (fields.front().front() == '#') continue;
    if (fields.size() != 1) {
      throw InputError(file, line.number, key, "expected one value per line, found " + std::to_string(fields.size()));
    }
    values.push_back(text::parse_real(fields.front(), text::Origin{file, line.number, key}));
  }
  if (values.empty()) throw InputError(file, 1, "", "empty file");
  if (expected_size >= 0 && static_cast<Index>(values.size()) != expected_size) {
    throw InputError(
        file, cursor.line_number(), key,
        "has " + std::to_string(values.size()) + " values, the problem has " + std::to_string(expected_size));
  }
  return Eigen::Map<const Vector>(values.data(), static_cast<Index>(values.size()));
}

Vector read_solution(const std::filesystem::path& file, Index expected_size) {
  if (file.extension() == ".mtx") {
    Vector z = read_matrix_market_vector(file);
    if (expected_size >= 0 && z.size() != expected_size) {
      throw InputError(file.string(), 0, "z",
                       "has " + std::to_string(z.size()) + " values, the problem has " + std::to_string(expected_size));
    }
    return z;
  }
  const std::string content = text::read_file(file);
  return parse_solution(content, file.string(), expected_size);
}

}  // namespace relcp::lcp
