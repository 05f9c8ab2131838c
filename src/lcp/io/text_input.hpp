#pragma once
// Line-aware reading of the plain-text LCP formats (.dat, MatrixMarket, solution files): every
// problem found is a relcp::InputError carrying the file name and the 1-based line number.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace relcp::lcp::text {

// The whole file as text. Throws InputError(file, 0, "", ...) when it cannot be read.
std::string read_file(const std::filesystem::path& file);

struct Line {
  int number = 0;         // 1-based
  std::string_view text;  // without the line break (and without a trailing '\r')
};

// Walks the lines of a text one at a time.
class LineCursor {
 public:
  explicit LineCursor(std::string_view text) : rest_(text) {}

  // The next line, blank or not; false at the end of the text.
  bool next(Line& line);
  // The next line holding anything but whitespace; false at the end of the text.
  bool next_non_blank(Line& line);
  // Number of the last line returned (0 before the first).
  int line_number() const { return line_number_; }

 private:
  std::string_view rest_;
  int line_number_ = 0;
  bool done_ = false;
};

bool is_blank(std::string_view line);
std::vector<std::string_view> split_fields(std::string_view line);  // on spaces and tabs

// Where a number was read, for the error message.
struct Origin {
  const std::string& file;
  int line;
  const std::string& key;
};

// A finite real number (a leading '+' is accepted). NaN, Inf, out-of-range values and anything
// that is not entirely a number throw InputError at `origin`.
double parse_real(std::string_view token, const Origin& origin);
// true when `token` is a number, finite or not (used to tell trailing notes from extra values).
bool looks_like_number(std::string_view token);
// A whole number (a leading '+' is accepted); anything else throws InputError at `origin`.
long long parse_integer(std::string_view token, const Origin& origin);

}  // namespace relcp::lcp::text
