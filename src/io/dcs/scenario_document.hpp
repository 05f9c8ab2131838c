#pragma once
// A YAML scenario file with `--set key.path=value` overrides applied, and typed access to its
// keys that reports every problem as relcp::InputError(file, line, key.path, message).

#include <yaml-cpp/yaml.h>

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"

namespace relcp::io::dcs {

class ScenarioDocument;

// One mapping of the document, with its dotted key path ("" for the root).
class ScenarioNode {
 public:
  ScenarioNode(const ScenarioDocument& document, YAML::Node node, std::string path);

  const std::string& path() const { return path_; }
  std::string key_path(std::string_view key) const;
  bool has(std::string_view key) const;
  YAML::Node yaml(std::string_view key) const { return node_[std::string(key)]; }

  ScenarioNode child(std::string_view key) const;  // required mapping
  // A view on a mapping found below this node (an element of a list), with its key path.
  ScenarioNode nested(YAML::Node node, std::string key_path) const;
  std::string text(std::string_view key) const;
  std::string text(std::string_view key, std::string fallback) const;
  double number(std::string_view key) const;
  double number(std::string_view key, double fallback) const;
  double positive(std::string_view key) const;
  double positive(std::string_view key, double fallback) const;
  int integer(std::string_view key, int fallback) const;
  std::vector<double> numbers(std::string_view key) const;  // required sequence of numbers

  // Throws for the first key not in `allowed`.
  void allow_only(std::initializer_list<std::string_view> allowed) const;

  [[noreturn]] void fail(std::string_view key, const std::string& message) const;
  // For a value nested below `key` (an element of a sequence, say).
  [[noreturn]] void fail_at(const YAML::Node& node, const std::string& key_path, const std::string& message) const;

 private:
  // Runs check(io::YamlNodeReader on this node); its InputError goes through the document.
  // Defined and used only in scenario_document.cpp.
  template <typename Check>
  auto checked(Check check) const;

  const ScenarioDocument& document_;
  YAML::Node node_;
  std::string path_;
};

class ScenarioDocument {
 public:
  // overrides: "key.path=value" as relcp_sim takes them (io/yaml/scenario_overrides.hpp: lists by
  // index, the value parsed as YAML). Throws InputError for an unreadable or
  // malformed file, a root that is not a mapping or a malformed override.
  static ScenarioDocument load(const std::string& file, const std::vector<std::string>& overrides);

  const std::string& file() const { return file_; }
  ScenarioNode root() const { return ScenarioNode(*this, root_, ""); }

  [[noreturn]] void fail(const YAML::Node& node, const std::string& key_path, const std::string& message) const;
  // Rethrows an error of io::YamlNodeReader, as "--set" when an override set its key path.
  [[noreturn]] void fail(const InputError& error) const;

 private:
  ScenarioDocument(std::string file, YAML::Node root) : file_(std::move(file)), root_(std::move(root)) {}
  void apply_override(const std::string& assignment);
  bool overridden(const std::string& key_path) const;

  std::string file_;
  YAML::Node root_;
  std::vector<std::string> overridden_paths_;
};

}  // namespace relcp::io::dcs
