#include "lcp/io/siconos_sparse_block_reader.hpp"

#include <string>
#include <vector>

namespace relcp::lcp {
namespace {

using text::Line;
using text::NumberedLineReader;

std::string str(long long value) { return std::to_string(value); }

class SparseBlockParser {
 public:
  SparseBlockParser(NumberedLineReader& lines, Index n) : lines_(lines), n_(n) {}

  SparseMatrix parse() {
    SparseMatrix M(n_, n_);
    const long long blocks = read_count("blocks", "number of blocks", 0, n_ * n_);
    if (blocks == 0) return M;
    const long long block_rows = read_count("block_rows", "number of block rows", 1, n_);
    const long long block_columns = read_count("block_columns", "number of block columns", 1, n_);
    row_ends_ = read_block_ends("row_block_ends", block_rows, "block row");
    column_ends_ = read_block_ends("column_block_ends", block_columns, "block column");
    read_length("row_pointer_count", block_rows + 1, "the number of block rows + 1");
    read_length("column_index_count", blocks, "the number of blocks " + str(blocks));
    const std::vector<long long> row_pointers = read_row_pointers(block_rows, blocks);
    const std::vector<long long> column_indices = read_column_indices(row_pointers, block_columns);
    for (long long row = 0; row < block_rows; ++row) {
      for (long long block = row_pointers[row]; block < row_pointers[row + 1]; ++block) {
        read_block(block, row, column_indices[block]);
      }
    }
    M.setFromTriplets(entries_.begin(), entries_.end());
    return M;
  }

 private:
  long long read_count(const std::string& key, const std::string& what, long long minimum, long long maximum) {
    const Line line = lines_.require(key, what + " (sparse-block header)");
    const long long count = lines_.single_integer(line, key);
    if (count < minimum || count > maximum) {
      lines_.fail(line.number, key,
                  what + " must lie in [" + str(minimum) + ", " + str(maximum) + "], got " + str(count));
    }
    return count;
  }

  void read_length(const std::string& key, long long expected, const std::string& meaning) {
    const Line line = lines_.require(key, key + " (sparse-block header)");
    const long long length = lines_.single_integer(line, key);
    if (length != expected) {
      lines_.fail(line.number, key, "must equal " + meaning + ", i.e. " + str(expected) + ", got " + str(length));
    }
  }

  // Where each block row (or column) ends: strictly increasing, the last one n.
  std::vector<long long> read_block_ends(const std::string& key, long long count, const std::string& what) {
    const Line line = lines_.require(key, "the ends of the " + str(count) + " " + what + "s");
    std::vector<long long> ends = lines_.integers(line, key, static_cast<std::size_t>(count), what + " ends");
    long long previous = 0;
    for (long long i = 0; i < count; ++i) {
      if (ends[i] <= previous) {
        lines_.fail(line.number, key,
                    what + " " + str(i) + " ends at " + str(ends[i]) + ", not after " + str(previous));
      }
      previous = ends[i];
    }
    if (previous != n_)
      lines_.fail(line.number, key, "the last " + what + " ends at " + str(previous) + ", not at n = " + str(n_));
    return ends;
  }

  std::vector<long long> read_row_pointers(long long block_rows, long long blocks) {
    static const std::string key = "row_pointers";
    const Line line = lines_.require(key, "the " + str(block_rows + 1) + " row pointers");
    std::vector<long long> pointers =
        lines_.integers(line, key, static_cast<std::size_t>(block_rows + 1), "row pointers");
    if (pointers.front() != 0)
      lines_.fail(line.number, key, "the first row pointer must be 0, got " + str(pointers.front()));
    for (long long row = 0; row < block_rows; ++row) {
      if (pointers[row + 1] < pointers[row]) {
        lines_.fail(line.number, key,
                    "row pointers decrease at block row " + str(row) + ": " + str(pointers[row]) + " then " +
                        str(pointers[row + 1]));
      }
    }
    if (pointers.back() != blocks) {
      lines_.fail(
          line.number, key,
          "the last row pointer must equal the number of blocks " + str(blocks) + ", got " + str(pointers.back()));
    }
    return pointers;
  }

  std::vector<long long> read_column_indices(const std::vector<long long>& row_pointers, long long block_columns) {
    static const std::string key = "column_indices";
    const long long blocks = row_pointers.back();
    const Line line = lines_.require(key, "the block columns of the " + str(blocks) + " blocks");
    std::vector<long long> columns =
        lines_.integers(line, key, static_cast<std::size_t>(blocks), "block column indices");
    std::vector<long long> last_row_with_column(static_cast<std::size_t>(block_columns), -1);
    for (std::size_t row = 0; row + 1 < row_pointers.size(); ++row) {
      for (long long block = row_pointers[row]; block < row_pointers[row + 1]; ++block) {
        const long long column = columns[block];
        if (column < 0 || column >= block_columns) {
          lines_.fail(
              line.number, key,
              "block " + str(block) + " has block column " + str(column) + ", outside [0, " + str(block_columns) + ")");
        }
        if (last_row_with_column[column] == static_cast<long long>(row)) {
          lines_.fail(line.number, key, "block row " + str(row) + " holds block column " + str(column) + " twice");
        }
        last_row_with_column[column] = static_cast<long long>(row);
      }
    }
    return columns;
  }

  void read_block(long long block, long long block_row, long long block_column) {
    const long long first_row = block_row == 0 ? 0 : row_ends_[block_row - 1];
    const long long first_column = block_column == 0 ? 0 : column_ends_[block_column - 1];
    const long long rows = row_ends_[block_row] - first_row;
    const long long columns = column_ends_[block_column] - first_column;
    const std::string shape = str(rows) + " x " + str(columns);

    const Line number_line = lines_.require("block", "block " + str(block) + " (" + shape + ")");
    if (lines_.single_integer(number_line, "block") != block) {
      lines_.fail(number_line.number, "block", "expected the number of block " + str(block) + " (" + shape + ")");
    }
    static const std::string key = "M";
    const long long count = rows * columns;
    long long read = 0;
    while (read < count) {
      const Line line = lines_.require(key, "value " + str(read + 1) + " of block " + str(block) + " (" + shape + ")");
      for (const auto field : text::split_fields(line.text)) {
        if (read == count)
          lines_.fail(line.number, key,
                      "more than the " + str(count) + " values of block " + str(block) + " (" + shape + ")");
        const double value = text::parse_real(field, text::Origin{lines_.file(), line.number, key});
        // Column-major inside the block, as Siconos stores dense blocks.
        if (value != 0.0) {
          entries_.emplace_back(static_cast<int>(first_row + read % rows), static_cast<int>(first_column + read / rows),
                                value);
        }
        ++read;
      }
    }
  }

  NumberedLineReader& lines_;
  long long n_;
  std::vector<long long> row_ends_;
  std::vector<long long> column_ends_;
  std::vector<Eigen::Triplet<double, int>> entries_;
};

}  // namespace

SparseMatrix read_sparse_block_matrix(text::NumberedLineReader& lines, Index n) {
  return SparseBlockParser(lines, n).parse();
}

}  // namespace relcp::lcp
