#include "lcp/io/matrix_market_reader.hpp"

#include <algorithm>
#include <cctype>
#include <limits>
#include <vector>

#include "core/error.hpp"
#include "core/memory_budget.hpp"
#include "lcp/io/text_input.hpp"

namespace relcp::lcp {
namespace {

using text::Line;
using text::LineCursor;
using text::Origin;

enum class Format { coordinate, array };

struct Header {
  Format format = Format::coordinate;
  bool symmetric = false;
};

std::string lower(std::string_view word) {
  std::string result(word);
  std::transform(result.begin(), result.end(), result.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return result;
}

class MarketParser {
 public:
  MarketParser(std::string_view text, const std::string& file) : cursor_(text), text_size_(text.size()), file_(file) {}

  int size_line() const { return size_line_; }

  MarketMatrix parse() {
    const Header header = read_header();
    const Line size_line = next_data_line("size", "the size line");
    size_line_ = size_line.number;
    const auto sizes = text::split_fields(size_line.text);
    const std::size_t expected_fields = header.format == Format::coordinate ? 3 : 2;
    if (sizes.size() != expected_fields) {
      fail(size_line.number, "size",
           header.format == Format::coordinate ? "expected 'rows columns entries'" : "expected 'rows columns'");
    }
    const Index rows = read_count(sizes[0], size_line.number, "rows");
    const Index cols = read_count(sizes[1], size_line.number, "columns");
    if (rows == 0 || cols == 0) fail(size_line.number, "size", "matrix has no rows or no columns");
    if (std::max(rows, cols) > std::numeric_limits<int>::max()) {
      fail(size_line.number, "size", "more than 2^31 - 1 rows or columns (sparse indices are 32-bit)");
    }
    if (header.symmetric && rows != cols) fail(size_line.number, "size", "a symmetric matrix must be square");
    if (header.format == Format::coordinate) {
      const Index entries = read_count(sizes[2], size_line.number, "entries");
      // The header alone must not make us allocate: the sparse structure, twice the entries
      // for a symmetric file, and the solvers' vectors of the LCP (about 20 of length n).
      const double bytes = 8.0 * static_cast<double>(std::max(rows, cols)) * 21.0 +
                           16.0 * static_cast<double>(entries) * (header.symmetric ? 2.0 : 1.0);
      if (const auto shortfall = memory_shortfall(bytes)) {
        fail(size_line.number, "size",
             "a " + std::to_string(rows) + " x " + std::to_string(cols) + " LCP " + *shortfall);
      }
      return read_coordinate(rows, cols, entries, header.symmetric);
    }
    return read_array(rows, cols, header.symmetric);
  }

 private:
  [[noreturn]] void fail(int line, const std::string& key, const std::string& message) const {
    throw InputError(file_, line, key, message);
  }

  Header read_header() {
    Line line;
    if (!cursor_.next(line) || (text::is_blank(line.text) && !cursor_.next_non_blank(line))) {
      fail(1, "", "empty file (or only comments and blank lines)");
    }
    const auto words = text::split_fields(line.text);
    if (words.empty() || lower(words[0]) != "%%matrixmarket") {
      fail(line.number, "header", "not a MatrixMarket file (first line must start with %%MatrixMarket)");
    }
    if (words.size() != 5) {
      fail(line.number, "header", "expected '%%MatrixMarket matrix <format> <field> <symmetry>'");
    }
    const std::string object = lower(words[1]);
    const std::string format = lower(words[2]);
    const std::string field = lower(words[3]);
    const std::string symmetry = lower(words[4]);
    if (object != "matrix") fail(line.number, "header", "unsupported object '" + object + "' (only matrix)");
    Header header;
    if (format == "coordinate") {
      header.format = Format::coordinate;
    } else if (format == "array") {
      header.format = Format::array;
    } else {
      fail(line.number, "header", "unsupported format '" + format + "' (coordinate or array)");
    }
    if (field != "real" && field != "integer") {
      fail(line.number, "header", "unsupported field '" + field + "' (real or integer)");
    }
    if (symmetry == "symmetric") {
      header.symmetric = true;
    } else if (symmetry != "general") {
      fail(line.number, "header", "unsupported symmetry '" + symmetry + "' (general or symmetric)");
    }
    return header;
  }

  // The next line that is neither blank nor a % comment.
  bool next_data(Line& line) {
    while (cursor_.next_non_blank(line)) {
      const auto start = line.text.find_first_not_of(" \t");
      if (line.text[start] != '%') return true;
    }
    return false;
  }

  Line next_data_line(const std::string& key, const std::string& what) {
    Line line;
    if (!next_data(line)) fail(cursor_.line_number() + 1, key, "missing " + what);
    return line;
  }

  Index read_count(std::string_view token, int line, const std::string& key) {
    const long long value = text::parse_integer(token, Origin{file_, line, key});
    if (value < 0) fail(line, key, "negative " + key + " " + std::to_string(value));
    if (value > std::numeric_limits<int>::max()) fail(line, key, key + " " + std::to_string(value) + " too large");
    return static_cast<Index>(value);
  }

  Index read_index(std::string_view token, Index size, int line, const std::string& key) {
    const long long value = text::parse_integer(token, Origin{file_, line, key});
    if (value < 1 || value > size) {
      fail(line, key, key + " index " + std::to_string(value) + " outside 1.." + std::to_string(size));
    }
    return static_cast<Index>(value - 1);
  }

  SparseMatrix read_coordinate(Index rows, Index cols, Index entries, bool symmetric) {
    // Every entry takes at least six characters: refuse absurd counts before allocating.
    if (static_cast<double>(entries) * 6.0 > static_cast<double>(text_size_)) {
      fail(size_line_, "entries", "file is too short for " + std::to_string(entries) + " entries");
    }
    std::vector<Eigen::Triplet<double, int>> triplets;
    triplets.reserve(static_cast<std::size_t>(symmetric ? 2 * entries : entries));
    for (Index k = 0; k < entries; ++k) {
      const Line line = next_data_line("entry", "entry " + std::to_string(k + 1) + " of " + std::to_string(entries));
      const auto fields = text::split_fields(line.text);
      if (fields.size() != 3) {
        fail(line.number, "entry", "expected 'row column value', found " + std::to_string(fields.size()) + " fields");
      }
      const Index i = read_index(fields[0], rows, line.number, "row");
      const Index j = read_index(fields[1], cols, line.number, "column");
      const double value = text::parse_real(fields[2], Origin{file_, line.number, "entry"});
      if (symmetric && j > i) fail(line.number, "entry", "entry above the diagonal in a symmetric file");
      triplets.emplace_back(static_cast<int>(i), static_cast<int>(j), value);
      if (symmetric && i != j) triplets.emplace_back(static_cast<int>(j), static_cast<int>(i), value);
    }
    reject_extra_lines(std::to_string(entries) + " entries");
    SparseMatrix matrix(rows, cols);
    matrix.setFromTriplets(triplets.begin(), triplets.end());
    matrix.makeCompressed();
    return matrix;
  }

  DenseMatrix read_array(Index rows, Index cols, bool symmetric) {
    if (static_cast<double>(rows) * static_cast<double>(cols) > static_cast<double>(text_size_)) {
      fail(size_line_, "size",
           "file is too short for a " + std::to_string(rows) + " x " + std::to_string(cols) + " array");
    }
    DenseMatrix matrix = DenseMatrix::Zero(rows, cols);
    // Column-major; a symmetric array holds the lower triangle, diagonal included.
    for (Index j = 0; j < cols; ++j) {
      for (Index i = symmetric ? j : 0; i < rows; ++i) {
        const Line line = next_data_line(
            "entry", "value (" + std::to_string(i + 1) + ", " + std::to_string(j + 1) + ") of the array");
        const auto fields = text::split_fields(line.text);
        if (fields.size() != 1) {
          fail(line.number, "entry", "expected one value per line, found " + std::to_string(fields.size()));
        }
        matrix(i, j) = text::parse_real(fields[0], Origin{file_, line.number, "entry"});
        if (symmetric) matrix(j, i) = matrix(i, j);
      }
    }
    reject_extra_lines("the array values");
    return matrix;
  }

  void reject_extra_lines(const std::string& after) {
    Line line;
    if (next_data(line)) fail(line.number, "entry", "unexpected data after " + after);
  }

  LineCursor cursor_;
  std::size_t text_size_;
  std::string file_;
  int size_line_ = 0;
};

struct ParsedMarket {
  MarketMatrix matrix;
  int size_line = 0;  // where the dimensions were read, for size errors found later
};

ParsedMarket parse_market_file(const std::filesystem::path& file) {
  const std::string content = text::read_file(file);
  MarketParser parser(content, file.string());
  MarketMatrix matrix = parser.parse();
  return {std::move(matrix), parser.size_line()};
}

Vector as_vector(const ParsedMarket& parsed, const std::string& file);

Index rows_of(const MarketMatrix& matrix) {
  return std::visit([](const auto& m) { return static_cast<Index>(m.rows()); }, matrix);
}
Index cols_of(const MarketMatrix& matrix) {
  return std::visit([](const auto& m) { return static_cast<Index>(m.cols()); }, matrix);
}

}  // namespace

MarketMatrix parse_matrix_market(std::string_view text, const std::string& file) {
  return MarketParser(text, file).parse();
}

MarketMatrix read_matrix_market(const std::filesystem::path& file) { return parse_market_file(file).matrix; }

Vector parse_matrix_market_vector(std::string_view text, const std::string& file) {
  MarketParser parser(text, file);
  MarketMatrix matrix = parser.parse();
  return as_vector({std::move(matrix), parser.size_line()}, file);
}

Vector read_matrix_market_vector(const std::filesystem::path& file) {
  return as_vector(parse_market_file(file), file.string());
}

LcpProblem read_matrix_market_lcp(const std::filesystem::path& matrix_file, const std::filesystem::path& vector_file) {
  ParsedMarket M = parse_market_file(matrix_file);
  const Index n = rows_of(M.matrix);
  if (n != cols_of(M.matrix)) {
    throw InputError(matrix_file.string(), M.size_line, "size",
                     "M must be square, found " + std::to_string(n) + " x " + std::to_string(cols_of(M.matrix)));
  }
  const ParsedMarket q_file = parse_market_file(vector_file);
  Vector q = as_vector(q_file, vector_file.string());
  if (q.size() != n) {
    throw InputError(
        vector_file.string(), q_file.size_line, "size",
        "q has " + std::to_string(q.size()) + " entries, M is " + std::to_string(n) + " x " + std::to_string(n));
  }
  return std::visit([&q](auto& m) { return LcpProblem(std::move(m), std::move(q)); }, M.matrix);
}

namespace {

Vector as_vector(const ParsedMarket& parsed, const std::string& file) {
  const Index rows = rows_of(parsed.matrix);
  const Index cols = cols_of(parsed.matrix);
  if (cols != 1 && rows != 1) {
    throw InputError(file, parsed.size_line, "size",
                     "a vector must be n x 1 or 1 x n, found " + std::to_string(rows) + " x " + std::to_string(cols));
  }
  return std::visit(
      [](const auto& m) -> Vector {
        const DenseMatrix dense(m);
        return dense.cols() == 1 ? Vector(dense.col(0)) : Vector(dense.row(0).transpose());
      },
      parsed.matrix);
}

}  // namespace

}  // namespace relcp::lcp
