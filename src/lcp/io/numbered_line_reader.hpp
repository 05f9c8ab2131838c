#pragma once
// Line-by-line reading shared by the dense and the sparse-block storage of Siconos' `.dat`
// files: every value comes from a known line, so every problem is a relcp::InputError naming
// the file, that line and a key.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "lcp/io/text_input.hpp"

namespace relcp::lcp::text {

class NumberedLineReader {
 public:
  NumberedLineReader(std::string_view text, std::string file);

  const std::string& file() const { return file_; }
  std::size_t text_size() const { return text_size_; }
  int line_number() const { return cursor_.line_number(); }  // of the last line returned

  [[noreturn]] void fail(int line, const std::string& key, const std::string& message) const;

  // The next non-blank line; false at the end of the text.
  bool next(Line& line) { return cursor_.next_non_blank(line); }
  // The next non-blank line, or an error "missing <what>" one line past the end.
  Line require(const std::string& key, const std::string& what);

  // The line's only field, as an integer.
  long long single_integer(const Line& line, const std::string& key) const;
  // The line's fields, exactly `count` integers; `what` names them in the error.
  std::vector<long long> integers(const Line& line, const std::string& key, std::size_t count,
                                  const std::string& what) const;

 private:
  LineCursor cursor_;
  std::size_t text_size_;
  std::string file_;
};

}  // namespace relcp::lcp::text
