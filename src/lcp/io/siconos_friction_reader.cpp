#include "lcp/io/siconos_friction_reader.hpp"

#include <string>
#include <utility>

#include "lcp/io/siconos_contact_dat_parser.hpp"
#include "lcp/io/text_input.hpp"

namespace relcp::lcp {

FrictionContactProblem parse_siconos_friction_dat(std::string_view text, const std::string& file) {
  SiconosContactDatParser dat(text, file, FrictionContactProblem::kDimension);
  const long long dimension = dat.integer("dimension", "the dimension (first line)");
  if (dimension != FrictionContactProblem::kDimension) {
    dat.fail("dimension", "only three-dimensional contacts (dimension 3) are read, got " + std::to_string(dimension));
  }
  const long long contacts = dat.contacts(1);
  const long long storage = dat.integer("storage", "the storage of W");
  if (storage != SiconosContactDatParser::kDenseStorage && storage != SiconosContactDatParser::kSparseBlockStorage) {
    dat.fail("storage", "storage flag must be 0 (dense) or 1 (sparse block), got " + std::to_string(storage) +
                            "; other Siconos storages are not read");
  }
  LcpProblem local = dat.local(storage, contacts);
  return FrictionContactProblem(std::move(local), dat.coefficients("mu", contacts, "friction coefficient", "q"));
}

FrictionContactProblem read_siconos_friction_dat(const std::filesystem::path& file) {
  const std::string content = text::read_file(file);
  return parse_siconos_friction_dat(content, file.string());
}

}  // namespace relcp::lcp
