#pragma once
// Typed reading of yaml-cpp nodes with errors that say where: every failure throws
// relcp::InputError carrying the file, the 1-based line and the key path ("bodies[1].radius"),
// which the apps print as one line "file:line: key.path: what is wrong".

#include <yaml-cpp/yaml.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/types.hpp"
#include "io/yaml/source_mark.hpp"

namespace relcp::io {

// Parses a whole file. A missing or unreadable file and a YAML syntax error throw InputError.
YAML::Node load_yaml_file(const std::string& path);

// Every number read must lie within these magnitudes (docs/scenario.md, "Numbers"): the geometry
// squares lengths and multiplies squares, so 1e100 keeps any product of three inputs finite, and
// a positive size or tolerance of 1e-100 keeps its square above the smallest normal double.
inline constexpr double kLargestMagnitude = 1e100;
inline constexpr double kSmallestPositive = 1e-100;

// A node together with the file and key path it was reached by.
class YamlNodeReader {
 public:
  YamlNodeReader(YAML::Node node, std::string file, std::string key_path = "");

  const YAML::Node& node() const { return node_; }
  const std::string& file() const { return file_; }
  const std::string& key_path() const { return key_path_; }
  int line() const;  // 1-based; 0 when the node has no position (a missing key)

  SourceMark mark() const { return {file_, line(), key_path_}; }
  [[noreturn]] void fail(const std::string& message) const;
  // Fails, naming this node, when `bytes` exceed the memory budget (core/memory_budget.hpp):
  // "<what> needs 7.5 GiB of memory, more than ...".
  void require_memory(double bytes, const std::string& what) const;

  // Mappings. A key written with no value (`key:`) counts as present.
  void expect_map() const;
  bool has(std::string_view key) const;
  YamlNodeReader child(std::string_view key) const;  // fails when missing
  std::optional<YamlNodeReader> optional_child(std::string_view key) const;
  // Fails at the first key not in `allowed`, or repeated, naming the keys that are allowed.
  void expect_only_keys(std::span<const std::string_view> allowed) const;

  // Sequences.
  void expect_sequence() const;
  std::size_t size() const;
  YamlNodeReader element(std::size_t index) const;

  // Scalars and short lists of numbers; numbers must be finite and within kLargestMagnitude.
  std::string as_string() const;
  double as_double() const;
  double as_positive_double() const;
  int as_int() const;
  std::int64_t as_int64() const;
  bool as_bool() const;  // true/false (also yes/no, on/off)
  std::vector<double> as_doubles(std::size_t count) const;
  Vec3 as_vec3() const;

 private:
  YAML::Node node_;
  std::string file_;
  std::string key_path_;
  int parent_line_ = 0;  // where to point when this node itself has no position
};

}  // namespace relcp::io
