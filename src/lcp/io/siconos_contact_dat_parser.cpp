#include "lcp/io/siconos_contact_dat_parser.hpp"

#include <limits>
#include <utility>

#include "lcp/io/siconos_sparse_block_reader.hpp"

namespace relcp::lcp {
namespace {

std::string str(long long value) { return std::to_string(value); }

}  // namespace

void SiconosContactDatParser::fail(const std::string& key, const std::string& message) const {
  lines_.fail(numbers_.line(), key, message);
}

long long SiconosContactDatParser::contacts(int coefficients) {
  const long long contacts = numbers_.integer("contacts", "the number of contacts");
  if (contacts < 1) fail("contacts", "the number of contacts must be at least 1, got " + str(contacts));
  // q and the coefficients alone take at least 2 characters a value.
  const double per_contact = 2.0 * static_cast<double>(dimension_ + coefficients);
  if (static_cast<double>(contacts) * per_contact > static_cast<double>(lines_.text_size())) {
    fail("contacts", "file is too short for " + str(contacts) + " contacts");
  }
  return contacts;
}

LcpProblem SiconosContactDatParser::local(long long storage, long long contacts) {
  const Index n = dimension_ * static_cast<Index>(contacts);
  expect_size("rows", "the number of rows of W", n);
  expect_size("columns", "the number of columns of W", n);
  if (storage == kSparseBlockStorage) {
    if (n > std::numeric_limits<int>::max()) fail("contacts", "too many contacts for sparse storage");
    if (!numbers_.line_used_up()) fail("columns", "the sparse-block section must start on the next line");
    SparseMatrix W = read_sparse_block_matrix(lines_, n);
    return LcpProblem(std::move(W), values("q", n, "q"));
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
  return LcpProblem(std::move(W), values("q", n, "q"));
}

Vector SiconosContactDatParser::coefficients(const std::string& key, long long contacts, const std::string& what,
                                             const std::string& after) {
  Vector coefficients(contacts);
  for (long long i = 0; i < contacts; ++i) {
    coefficients[i] =
        numbers_.real(key, what + " " + str(i + 1) + " (" + str(contacts) + " values after " + after + ")");
    if (coefficients[i] < 0.0) fail(key, what + " " + str(i + 1) + " is negative");
  }
  return coefficients;
}

void SiconosContactDatParser::expect_size(const std::string& key, const std::string& what, Index n) {
  const long long value = numbers_.integer(key, what);
  if (value != n) {
    fail(key, what + " must be " + str(dimension_) + " x contacts = " + str(n) + ", got " + str(value));
  }
}

Vector SiconosContactDatParser::values(const std::string& key, Index count, const std::string& name) {
  Vector values(count);
  for (Index i = 0; i < count; ++i) {
    values[i] = numbers_.real(key, "value " + str(i + 1) + " of " + name + " (" + str(count) + " values)");
  }
  return values;
}

}  // namespace relcp::lcp
