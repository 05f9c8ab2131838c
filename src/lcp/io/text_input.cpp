#include "lcp/io/text_input.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <system_error>

#include "core/error.hpp"

namespace relcp::lcp::text {
namespace {

std::string_view without_plus(std::string_view token) {
  if (token.size() > 1 && token.front() == '+') token.remove_prefix(1);
  return token;
}

std::string quoted(std::string_view token) { return "'" + std::string(token) + "'"; }

}  // namespace

std::string read_file(const std::filesystem::path& file) {
  std::error_code error;
  if (std::filesystem::is_directory(file, error)) {
    throw InputError(file.string(), 0, "", "is a directory, not a file");
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) throw InputError(file.string(), 0, "", "cannot open file");
  std::ostringstream content;
  content << in.rdbuf();
  if (in.bad()) throw InputError(file.string(), 0, "", "cannot read file");
  return std::move(content).str();
}

bool LineCursor::next(Line& line) {
  if (done_) return false;
  const auto end = rest_.find('\n');
  std::string_view text = rest_.substr(0, end);
  if (end == std::string_view::npos) {
    done_ = true;
    rest_ = {};
    if (text.empty()) return false;  // the text ended with a line break
  } else {
    rest_.remove_prefix(end + 1);
  }
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  line.number = ++line_number_;
  line.text = text;
  return true;
}

bool LineCursor::next_non_blank(Line& line) {
  while (next(line)) {
    if (!is_blank(line.text)) return true;
  }
  return false;
}

bool is_blank(std::string_view line) { return line.find_first_not_of(" \t\r\v\f") == std::string_view::npos; }

std::vector<std::string_view> split_fields(std::string_view line) {
  std::vector<std::string_view> fields;
  std::size_t position = 0;
  while (true) {
    const auto start = line.find_first_not_of(" \t\r\v\f", position);
    if (start == std::string_view::npos) break;
    const auto stop = line.find_first_of(" \t\r\v\f", start);
    fields.push_back(line.substr(start, stop - start));
    if (stop == std::string_view::npos) break;
    position = stop;
  }
  return fields;
}

double parse_real(std::string_view token, const Origin& origin) {
  const std::string_view digits = without_plus(token);
  double value = 0.0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (end != digits.data() + digits.size() || (error != std::errc() && error != std::errc::result_out_of_range)) {
    throw InputError(origin.file, origin.line, origin.key, "not a number: " + quoted(token));
  }
  if (error == std::errc::result_out_of_range) {
    // from_chars reports overflow and underflow alike; strtod tells them apart (HUGE_VAL vs ~0).
    value = std::strtod(std::string(digits).c_str(), nullptr);
    if (!std::isfinite(value)) {
      throw InputError(origin.file, origin.line, origin.key, "value out of range: " + quoted(token));
    }
  }
  if (!std::isfinite(value)) {
    throw InputError(origin.file, origin.line, origin.key, "NaN or Inf is not allowed: " + quoted(token));
  }
  return value;
}

bool looks_like_number(std::string_view token) {
  const std::string_view digits = without_plus(token);
  double value = 0.0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  return end == digits.data() + digits.size() && (error == std::errc() || error == std::errc::result_out_of_range);
}

long long parse_integer(std::string_view token, const Origin& origin) {
  const std::string_view digits = without_plus(token);
  long long value = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (error == std::errc::result_out_of_range) {
    throw InputError(origin.file, origin.line, origin.key, "integer out of range: " + quoted(token));
  }
  if (error != std::errc() || end != digits.data() + digits.size()) {
    throw InputError(origin.file, origin.line, origin.key, "not an integer: " + quoted(token));
  }
  return value;
}

}  // namespace relcp::lcp::text
