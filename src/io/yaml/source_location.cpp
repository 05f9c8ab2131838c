#include "io/yaml/source_location.hpp"

#include "core/error.hpp"

namespace relcp::io {

void SourceLocation::fail(const std::string& message) const { throw InputError(file, line, key_path, message); }

}  // namespace relcp::io
