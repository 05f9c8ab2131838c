#include "lcp/io/siconos_dat_reader.hpp"

#include <limits>
#include <vector>

#include "core/error.hpp"
#include "lcp/io/numbered_line_reader.hpp"
#include "lcp/io/siconos_sparse_block_reader.hpp"
#include "lcp/io/text_input.hpp"

namespace relcp::lcp {
namespace {

using text::Line;
using text::Origin;

// NumericsMatrix storage flags.
constexpr long long kDenseStorage = 0;
constexpr long long kSparseBlockStorage = 1;

// Reads the text line by line, keeping the file name for every error.
class DatParser {
 public:
  DatParser(std::string_view text, const std::string& file) : lines_(text, file) {}

  LcpProblem parse() {
    const Line size_line = read_size_line();
    const Index n = static_cast<Index>(lines_.single_integer(size_line, "n"));
    const long long storage = read_storage();
    read_header_entry("rows", n, "number of rows must equal the size " + std::to_string(n));
    read_header_entry("columns", n, "number of columns must equal the size " + std::to_string(n));
    if (storage == kSparseBlockStorage) {
      if (n > std::numeric_limits<int>::max()) lines_.fail(size_line.number, "n", "size too large for sparse storage");
      SparseMatrix M = read_sparse_block_matrix(lines_, n);
      Vector q = read_q(n);
      reject_extra_values();
      return LcpProblem(std::move(M), std::move(q));
    }
    // n lines of n numbers take at least 2 n^2 characters: refuse before allocating n^2 doubles.
    if (static_cast<double>(n) * static_cast<double>(n) * 2.0 > static_cast<double>(lines_.text_size())) {
      lines_.fail(size_line.number, "n",
                  "file is too short for a " + std::to_string(n) + " x " + std::to_string(n) + " matrix");
    }
    read_dimension_pair(n);
    DenseMatrix M = read_columns(n);
    Vector q = read_q(n);
    reject_extra_values();
    return LcpProblem(std::move(M), std::move(q));
  }

 private:
  Line read_size_line() {
    Line line;
    if (!lines_.next(line)) lines_.fail(1, "", "empty file (or only comments and blank lines)");
    const long long n = lines_.single_integer(line, "n");
    if (n < 0) lines_.fail(line.number, "n", "negative size " + std::to_string(n));
    if (n == 0) lines_.fail(line.number, "n", "size must be at least 1");
    // q alone takes at least 2 n characters.
    if (static_cast<double>(n) * 2.0 > static_cast<double>(lines_.text_size())) {
      lines_.fail(line.number, "n", "file is too short for a problem of size " + std::to_string(n));
    }
    return line;
  }

  long long read_storage() {
    const Line line = lines_.require("storage", "storage (header line)");
    const long long storage = lines_.single_integer(line, "storage");
    if (storage != kDenseStorage && storage != kSparseBlockStorage) {
      lines_.fail(line.number, "storage",
                  "storage flag must be 0 (dense) or 1 (sparse block), got " + std::to_string(storage) +
                      "; other Siconos storages are not read");
    }
    return storage;
  }

  void read_header_entry(const std::string& key, long long expected, const std::string& message) {
    const Line line = lines_.require(key, key + " (header line)");
    if (lines_.single_integer(line, key) != expected) lines_.fail(line.number, key, message);
  }

  void read_dimension_pair(Index n) {
    static const std::string key = "dimensions";
    const Line line = lines_.require(key, "the line 'n<TAB>n'");
    const auto fields = text::split_fields(line.text);
    if (fields.size() != 2) {
      lines_.fail(line.number, key, "expected 'rows<TAB>columns', found " + std::to_string(fields.size()) + " fields");
    }
    for (const auto field : fields) {
      if (text::parse_integer(field, Origin{lines_.file(), line.number, key}) != n) {
        lines_.fail(line.number, key, "matrix dimensions must both equal the size " + std::to_string(n));
      }
    }
  }

  DenseMatrix read_columns(Index n) {
    static const std::string key = "M";
    DenseMatrix M(n, n);
    for (Index column = 0; column < n; ++column) {
      const Line line = lines_.require(key, "column " + std::to_string(column + 1) + " of M (" + std::to_string(n) +
                                                " lines of " + std::to_string(n) + " values)");
      const auto fields = text::split_fields(line.text);
      if (static_cast<Index>(fields.size()) != n) {
        lines_.fail(line.number, key,
                    "expected " + std::to_string(n) + " values (column " + std::to_string(column + 1) +
                        " of M), found " + std::to_string(fields.size()));
      }
      for (Index row = 0; row < n; ++row) {
        M(row, column) =
            text::parse_real(fields[static_cast<std::size_t>(row)], Origin{lines_.file(), line.number, key});
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
      if (!lines_.next(line)) {
        if (count == 0)
          lines_.fail(lines_.line_number() + 1, key, "missing (expected " + std::to_string(n) + " values after M)");
        lines_.fail(lines_.line_number(), key,
                    "has " + std::to_string(count) + " values, expected " + std::to_string(n));
      }
      const auto fields = text::split_fields(line.text);
      for (std::size_t i = 0; i < fields.size(); ++i) {
        if (count == n) {
          if (text::looks_like_number(fields[i]))
            lines_.fail(line.number, key, "more than " + std::to_string(n) + " values");
          notes_follow_q_ = true;  // free-text notes follow q on its last line
          return q;
        }
        q[count++] = text::parse_real(fields[i], Origin{lines_.file(), line.number, key});
      }
    }
    return q;
  }

  // Notes may follow q; another number would mean the counts in the file are wrong.
  void reject_extra_values() {
    Line line;
    if (notes_follow_q_ || !lines_.next(line)) return;
    const auto fields = text::split_fields(line.text);
    if (text::looks_like_number(fields.front())) {
      lines_.fail(line.number, "q", "unexpected values after q (wrong size or counts?)");
    }
  }

  text::NumberedLineReader lines_;
  bool notes_follow_q_ = false;
};

}  // namespace

LcpProblem parse_siconos_dat(std::string_view text, const std::string& file) { return DatParser(text, file).parse(); }

LcpProblem read_siconos_dat(const std::filesystem::path& file) {
  const std::string content = text::read_file(file);
  return parse_siconos_dat(content, file.string());
}

}  // namespace relcp::lcp
