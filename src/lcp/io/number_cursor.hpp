#pragma once
// The numbers of a text one at a time, whatever the lines, each with the number of the line it
// came from: Siconos reads its contact problems (FrictionContact3D, RollingFrictionContact) with
// fscanf, so outside the sparse-block section values may be split over lines as one likes.
// Shared by siconos_friction_reader.cpp and siconos_rolling_friction_reader.cpp.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "lcp/io/numbered_line_reader.hpp"
#include "lcp/io/text_input.hpp"

namespace relcp::lcp::text {

class NumberCursor {
 public:
  explicit NumberCursor(NumberedLineReader& lines) : lines_(lines) {}

  // The next number as an integer or a real; "missing <what>" one line past the end.
  long long integer(const std::string& key, const std::string& what) {
    const std::string_view token = next(key, what);
    return parse_integer(token, Origin{lines_.file(), line_.number, key});
  }
  double real(const std::string& key, const std::string& what) {
    const std::string_view token = next(key, what);
    return parse_real(token, Origin{lines_.file(), line_.number, key});
  }
  int line() const { return line_.number; }  // of the last number returned
  bool line_used_up() const { return next_ == fields_.size(); }

 private:
  std::string_view next(const std::string& key, const std::string& what) {
    while (next_ == fields_.size()) {
      if (!lines_.next(line_)) lines_.fail(lines_.line_number() + 1, key, "missing " + what);
      fields_ = split_fields(line_.text);
      next_ = 0;
    }
    return fields_[next_++];
  }

  NumberedLineReader& lines_;
  Line line_;
  std::vector<std::string_view> fields_;
  std::size_t next_ = 0;
};

}  // namespace relcp::lcp::text
