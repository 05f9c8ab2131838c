#include "lcp/io/siconos_rolling_friction_reader.hpp"

#include <string>
#include <utility>

#include "lcp/io/siconos_contact_dat_parser.hpp"
#include "lcp/io/text_input.hpp"

namespace relcp::lcp {

RollingFrictionProblem parse_siconos_rolling_friction_dat(std::string_view text, const std::string& file) {
  constexpr long long kCSparseStorage = 2;
  SiconosContactDatParser dat(text, file, RollingFrictionProblem::kDimension);
  const long long dimension = dat.integer("dimension", "the dimension (first line)");
  if (dimension != RollingFrictionProblem::kDimension) {
    dat.fail("dimension", "a RollingFrictionContact problem has dimension 5, got " + std::to_string(dimension));
  }
  const long long contacts = dat.contacts(2);
  const long long storage = dat.integer("storage", "the storage of W");
  if (storage == kCSparseStorage) {
    dat.fail("storage",
             "storage 2 (Siconos' CSparse printout, values to 6 digits) is not read; only 0 (dense) and "
             "1 (sparse block)");
  }
  if (storage != SiconosContactDatParser::kDenseStorage && storage != SiconosContactDatParser::kSparseBlockStorage) {
    dat.fail("storage", "storage flag must be 0 (dense) or 1 (sparse block), got " + std::to_string(storage));
  }
  LcpProblem local = dat.local(storage, contacts);
  Vector mu = dat.coefficients("mu", contacts, "friction coefficient", "q");
  Vector mu_r = dat.coefficients("mu_r", contacts, "rolling friction coefficient", "mu");
  return RollingFrictionProblem(std::move(local), std::move(mu), std::move(mu_r));
}

RollingFrictionProblem read_siconos_rolling_friction_dat(const std::filesystem::path& file) {
  const std::string content = text::read_file(file);
  return parse_siconos_rolling_friction_dat(content, file.string());
}

bool looks_like_siconos_rolling_friction_dat(std::string_view text) {
  const std::size_t start = text.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos) return false;
  const std::size_t end = text.find_first_of(" \t\r\n", start);
  return text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start) == "5";
}

}  // namespace relcp::lcp
