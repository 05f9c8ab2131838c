#pragma once
// Where a scenario value was written, kept for errors that only show after reading (a generator
// that finds no room for its bodies, for example): they are reported like reading errors.

#include <string>

#include "io/yaml/yaml_node_reader.hpp"

namespace relcp::io {

struct SourceLocation {
  std::string file;
  int line = 0;  // 1-based; 0 when unknown
  std::string key_path;

  static SourceLocation of(const YamlNodeReader& node) {
    return SourceLocation{node.file(), node.line(), node.key_path()};
  }

  // Throws InputError(file, line, key_path, message).
  [[noreturn]] void fail(const std::string& message) const;
};

}  // namespace relcp::io
