#pragma once
// Where a scenario value was written: the file, the 1-based line and the key path
// ("collision.solver"). The typed scenario keeps the marks that its checks across sections need,
// so that those checks, made after every section is read, still name the place
// (io/scenario/scenario_validation.hpp).

#include <string>

namespace relcp::io {

struct SourceMark {
  std::string file;
  int line = 0;
  std::string key_path;

  // Throws InputError(file, line, key_path, message).
  [[noreturn]] void fail(const std::string& message) const;
  // Fails when `bytes` exceed the memory budget (core/memory_budget.hpp):
  // "<what> needs 7.5 GiB of memory, more than ...".
  void require_memory(double bytes, const std::string& what) const;
};

}  // namespace relcp::io
