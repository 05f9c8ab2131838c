#include "io/yaml/source_mark.hpp"

#include "core/error.hpp"
#include "core/memory_budget.hpp"

namespace relcp::io {

void SourceMark::fail(const std::string& message) const { throw InputError(file, line, key_path, message); }

void SourceMark::require_memory(double bytes, const std::string& what) const {
  if (const auto shortfall = memory_shortfall(bytes)) fail(what + " " + *shortfall);
}

}  // namespace relcp::io
