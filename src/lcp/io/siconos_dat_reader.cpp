#include "lcp/io/siconos_dat_reader.hpp"

#include <vector>

#include "core/error.hpp"
#include "lcp/io/text_input.hpp"

namespace relcp::lcp {
namespace {

using text::Line;
using text::LineCursor;
using text::Origin;

// Reads the text line by line, keeping the file name for every error.
class DatParser {
 public:
  DatParser(std::string_view text, const std::string& file)
      : cursor_(text), text_size_(text.size()), file_(file) {}

  LcpProblem parse() {
    const Index n = read_size();
    read_header_entry("storage", 0, "storage flag must be 0 (dense); other Siconos storages are not read");
    read_header_entry("rows", n, "number of rows must equal the size " + std::to_string(n));
    read_header_entry("columns", n, "number of columns must equal the size " + std::to_string(n));
    read_dimension_pair(n);
    DenseMatrix M = read_columns(n);
    Vector q = read_q(n);
    reject_extra_values();
    return LcpProblem(std::move(M), std::move(q));
  }

 private:
  [[noreturn]] void fail(int line, const std::string& key, const std::string& message) const {
    throw InputError(file_, line, key, message);
  }

  Line require_line(const std::string& key, const std::string& what) {
    Line line;
    if (!cursor_.next_non_blank(line)) fail(cursor_.line_number() + 1, key, "missing " + what);
    return line;
  }

  long long single_integer(const Line& line, const std::string& key) {
    const auto fields = text::split_fields(line.text);
    if (fields.size() != 1) {
      fail(line.number, key, "expected one integer, found " + std::to_string(fields.size()) + " fields");
    }
    return text::parse_integer(fields[0], Origin{file_, line.number, key});
  }

  Index read_size() {
    Line line;
    if (!cursor_.next_non_blank(line)) fail(1, "", "empty file (or only comments and blank lines)");
    const long long n = single_integer(line, "n");
    if (n < 0) fail(line.number, "n", "negative size " + std::to_string(n));
    if (n == 0) fail(line.number, "n", "size must be at least 1");
    // n lines of n numbers take at least 2 n^2 characters: refuse before allocating n^2 doubles.
    if (static_cast<double>(n) * static_cast<double>(n) * 2.0 > static_cast<double>(text_size_)) {
      fail(line.number, "n", "file is too short for a " + std::to_string(n) + " x " + std::to_string(n) + " matrix");
    }
    return static_cast<Index>(n);
  }

  void read_header_entry(const std::string& key, long long expected, const std::string& message) {
    const Line line = require_line(key, key + " (header line)");
    if (single_integer(line, key) != expected) fail(line.number, key, message);
  }

  void read_dimension_pair(Index n) {
    const Line line = require_line("dimensions", "the line 'n<TAB>n'");
    const auto fields = text::split_fields(line.text);
    if (fields.size() != 2) {
      fail(line.number, "dimensions", "expected 'rows<TAB>columns', found " + std::to_string(fields.size()) + " fields");
    }
    for (const auto field : fields) {
      if (text::parse_integer(field, Origin{file_, line.number, "dimensions"}) != n) {
        fail(line.number, "dimensions", "matrix dimensions must both equal the size " + std::to_string(n));
      }
    }
  }

  DenseMatrix read_columns(Index n) {
    static const std::string key = "M";
    DenseMatrix M(n, n);
    for (Index column = 0; column < n; ++column) {
      const Line line = require_line(key, "column " + std::to_string(column + 1) + " of M (" +
                                              std::to_string(n) + " lines of " + std::to_string(n) + " values)");
      const auto fields = text::split_fields(line.text);
      if (static_cast<Index>(fields.size()) != n) {
        fail(line.number, key, "expected " + std::to_string(n) + " values (column " + std::to_string(column + 1) +
                                   " of M), found " + std::to_string(fields.size()));
      }
      for (Index row = 0; row < n; ++row) {
        M(row, column) = text::parse_real(fields[static_cast<std::size_t>(row)], Origin{file_, line.number, key});
      }
    }
    return M;
  }

  Vector read_q(Index n) {
    static const std::string key = "q";
    Vector q(n);
    Index count = 0;
    Line line;
    while (count < n) {
      if (!cursor_.next_non_blank(line)) {
        if (count == 0) fail(cursor_.line_number() + 1, key, "missing (expected " + std::to_string(n) + " values after M)");
        fail(cursor_.line_number(), key, "has " + std::to_string(count) + " values, expected " + std::to_string(n));
      }
      const auto fields = text::split_fields(line.text);
      for (std::size_t i = 0; i < fields.size(); ++i) {
        if (count == n) {
          if (text::looks_like_number(fields[i])) fail(line.number, key, "more than " + std::to_string(n) + " values");
          notes_follow_q_ = true;  // free-text notes follow q on its last line
          return q;
        }
        q[count++] = text::parse_real(fields[i], Origin{file_, line.number, key});
      }
    }
    return q;
  }

  // Notes may follow q; another number would mean the counts in the file are wrong.
  void reject_extra_values() {
    Line line;
    if (notes_follow_q_ || !cursor_.next_non_blank(line)) return;
    const auto fields = text::split_fields(line.text);
    if (text::looks_like_number(fields.front())) {
      fail(line.number, "q", "unexpected values after q (wrong size or counts?)");
    }
  }

  LineCursor cursor_;
  std::size_t text_size_;
  std::string file_;
  bool notes_follow_q_ = false;
};

}  // namespace

LcpProblem parse_siconos_dat(std::string_view text, const std::string& file) {
  return DatParser(text, file).parse();
}

LcpProblem read_siconos_dat(const std::filesystem::path& file) {
  const std::string content = text::read_file(file);
  return parse_siconos_dat(content, file.string());
}

}  // namespace relcp::lcp
