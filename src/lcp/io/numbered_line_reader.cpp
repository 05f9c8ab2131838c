#include "lcp/io/numbered_line_reader.hpp"

#include <utility>

#include "core/error.hpp"

namespace relcp::lcp::text {

NumberedLineReader::NumberedLineReader(std::string_view text, std::string file)
    : cursor_(text), text_size_(text.size()), file_(std::move(file)) {}

void NumberedLineReader::fail(int line, const std::string& key, const std::string& message) const {
  throw InputError(file_, line, key, message);
}

Line NumberedLineReader::require(const std::string& key, const std::string& what) {
  Line line;
  if (!cursor_.next_non_blank(line)) fail(cursor_.line_number() + 1, key, "missing " + what);
  return line;
}

long long NumberedLineReader::single_integer(const Line& line, const std::string& key) const {
  return integers(line, key, 1, "integer").front();
}

std::vector<long long> NumberedLineReader::integers(const Line& line, const std::string& key, std::size_t count,
                                                    const std::string& what) const {
  const auto fields = split_fields(line.text);
  if (fields.size() != count) {
    fail(line.number, key,
         "expected " + (count == 1 ? "one " + what : std::to_string(count) + " " + what) + ", found " +
             std::to_string(fields.size()) + " fields");
  }
  std::vector<long long> values;
  values.reserve(count);
  for (const auto field : fields) values.push_back(parse_integer(field, Origin{file_, line.number, key}));
  return values;
}

}  // namespace relcp::lcp::text
