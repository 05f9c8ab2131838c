#pragma once
// What Siconos' FrictionContact3D and RollingFrictionContact `.dat` files share
// (siconos_friction_reader.hpp, siconos_rolling_friction_reader.hpp): after the dimension, the
// number of contacts, the storage of W, W (dense or sparse block) and q for `dimension` rows per
// contact, then per-contact coefficients. Each reader checks the dimension and the storage flag
// with its own messages. Errors are relcp::InputError with the file, the 1-based line and a key.

#include <string>
#include <string_view>

#include "lcp/io/number_cursor.hpp"
#include "lcp/io/numbered_line_reader.hpp"
#include "lcp/problem.hpp"
#include "lcp/types.hpp"

namespace relcp::lcp {

class SiconosContactDatParser {
 public:
  static constexpr long long kDenseStorage = 0;
  static constexpr long long kSparseBlockStorage = 1;

  SiconosContactDatParser(std::string_view text, const std::string& file, Index dimension)
      : lines_(text, file), numbers_(lines_), dimension_(dimension) {}

  long long integer(const std::string& key, const std::string& what) { return numbers_.integer(key, what); }
  [[noreturn]] void fail(const std::string& key, const std::string& message) const;

  // The number of contacts, >= 1 and no more than a text of this size holds with q and
  // `coefficients` values per contact.
  long long contacts(int coefficients);

  // W and q for `contacts`, from the rows of W on (after the storage flag, 0 or 1).
  LcpProblem local(long long storage, long long contacts);

  // One coefficient per contact, >= 0; `what` names one, `after` what precedes them.
  Vector coefficients(const std::string& key, long long contacts, const std::string& what, const std::string& after);

 private:
  void expect_size(const std::string& key, const std::string& what, Index n);
  Vector values(const std::string& key, Index count, const std::string& name);

  text::NumberedLineReader lines_;
  text::NumberCursor numbers_;
  Index dimension_;
};

}  // namespace relcp::lcp
