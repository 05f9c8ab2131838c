#include "lcp/io/siconos_friction_reader.hpp"

#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "lcp/io/number_cursor.hpp"
#include "lcp/io/numbered_line_reader.hpp"
#include "lcp/io/siconos_sparse_block_reader.hpp"
#include "lcp/io/text_input.hpp"

namespace relcp::lcp {
namespace {

using text::NumberCursor;

constexpr long long kDenseStorage = 0;
constexpr long long kSparseBlockStorage = 1;

std::string str(long long value) { return std::to_string(value); }

class FrictionDatParser {
 public:
  FrictionDatParser(std::string_view text, const std::string& file) : lines_(text, file), numbers_(lines_) {}

  FrictionContactProblem parse() {
    const long long dimension = numbers_.integer("dimension", "the dimension (first line)");
    if (dimension != FrictionContactProblem::kDimension) {
      fail("dimension", "only three-dimensional contacts (dimension 3) are read, got " + str(dimension));
    }
    const long long contacts = numbers_.integer("contacts", "the number of contacts");
    if (contacts < 1) fail("contacts", "the number of contacts must be at least 1, got " + str(contacts));
    // q and mu alone take at least 2 characters a value.
    if (static_cast<double>(contacts) * 8.0 > static_cast<double>(lines_.text_size())) {
      fail("contacts", "file is too short for " + str(contacts) + " contacts");
    }
    const Index n = static_cast<Index>(FrictionContactProblem::kDimension * contacts);
    const long long storage = numbers_.integer("storage", "the storage of W");
    if (storage != kDenseStorage && storage != kSparseBlockStorage) {
      fail("storage", "storage flag must be 0 (dense) or 1 (sparse block), got " + str(storage) +
                          "; other Siconos storages are not read");
    }
    expect_size("rows", "the number of rows of W", n);
    expect_size("columns", "the number of columns of W", n);

    if (storage == kSparseBlockStorage) {
      if (n > std::numeric_limits<int>::max()) fail("contacts", "too many contacts for sparse storage");
      if (!numbers_.line_used_up()) fail("columns", "the sparse-block section must start on the next line");
      SparseMatrix W = read_sparse_block_matrix(lines_, n);
      Vector q = read_values("q", n, "q");
      return FrictionContactProblem(LcpProblem(std::move(W), std::move(q)), read_mu(contacts));
    }
    expect_size("dimensions", "the rows of W again (dense storage)", n);
    expect_size("dimensions", "the columns of W again (dense storage)", n);
    // n^2 values take at least 2 n^2 characters: refuse before allocating them.
    if (static_cast<double>(n) * static_cast<double>(n) * 2.0 > static_cast<double>(lines_.text_size())) {
      fail("contacts", "file is too short for a " + str(n) + " x " + str(n) + " matrix W");
    }
    DenseMatrix W(n, n);
    for (Index column = 0; column < n; ++column) {
      for (Index row = 0; row < n; ++row) {
        W(row, column) = numbers_.real("W", "entry (" + str(row + 1) + ", " + str(column + 1) + ") of W (" + str(n) +
                                                " x " + str(n) + ", column by column)");
      }
    }
    Vector q = read_values("q", n, "q");
    return FrictionContactProblem(LcpProblem(std::move(W), std::move(q)), read_mu(contacts));
  }

 private:
  [[noreturn]] void fail(const std::string& key, const std::string& message) const {
    lines_.fail(numbers_.line(), key, message);
  }

  void expect_size(const std::string& key, const std::string& what, Index n) {
    const long long value = numbers_.integer(key, what);
    if (value != n) fail(key, what + " must be 3 x contacts = " + str(n) + ", got " + str(value));
  }

  Vector read_values(const std::string& key, Index count, const std::string& name) {
    Vector values(count);
    for (Index i = 0; i < count; ++i) {
      values[i] = numbers_.real(key, "value " + str(i + 1) + " of " + name + " (" + str(count) + " values)");
    }
    return values;
  }

  Vector read_mu(long long contacts) {
    Vector mu(contacts);
    for (long long i = 0; i < contacts; ++i) {
      mu[i] = numbers_.real("mu", "friction coefficient " + str(i + 1) + " (" + str(contacts) + " values after q)");
      if (mu[i] < 0.0) fail("mu", "friction coefficient " + str(i + 1) + " is negative");
    }
    return mu;
  }

  text::NumberedLineReader lines_;
  NumberCursor numbers_;
};

}  // namespace

FrictionContactProblem parse_siconos_friction_dat(std::string_view text, const std::string& file) {
  return FrictionDatParser(text, file).parse();
}

FrictionContactProblem read_siconos_friction_dat(const std::filesystem::path& file) {
  const std::string content = text::read_file(file);
  return parse_siconos_friction_dat(content, file.string());
}

}  // namespace relcp::lcp
