#include "io/dcs/scenario_document.hpp"

#include <span>

#include "core/error.hpp"
#include "io/yaml/scenario_overrides.hpp"
#include "io/yaml/yaml_node_reader.hpp"

namespace relcp::io::dcs {
namespace {

int line_of(const YAML::Node& node) {
  if (!node.IsDefined()) return 0;
  const YAML::Mark mark = node.Mark();
  return mark.is_null() ? 0 : mark.line + 1;
}

}  // namespace

ScenarioDocument ScenarioDocument::load(const std::string& file, const std::vector<std::string>& overrides) {
  YAML::Node root = io::load_yaml_file(file);
  if (!root.IsMap()) throw InputError(file, std::max(1, line_of(root)), "", "the scenario must be a YAML mapping");
  ScenarioDocument document(file, root);
  for (const std::string& assignment : overrides) document.apply_override(assignment);
  return document;
}

void ScenarioDocument::apply_override(const std::string& assignment) {
  io::apply_override(root_, assignment, file_);  // validates the assignment and its key path
  overridden_paths_.push_back(assignment.substr(0, assignment.find('=')));
}

bool ScenarioDocument::overridden(const std::string& key_path) const {
  for (const std::string& path : overridden_paths_) {
    if (key_path == path || key_path.rfind(path + ".", 0) == 0 || key_path.rfind(path + "[", 0) == 0) {
      return true;
    }
  }
  return false;
}

void ScenarioDocument::fail(const YAML::Node& node, const std::string& key_path, const std::string& message) const {
  if (overridden(key_path)) throw InputError("--set", 0, key_path, message);
  throw InputError(file_, line_of(node), key_path, message);
}

void ScenarioDocument::fail(const InputError& error) const {
  if (overridden(error.key())) throw InputError("--set", 0, error.key(), error.message());
  throw error;
}

ScenarioNode::ScenarioNode(const ScenarioDocument& document, YAML::Node node, std::string path)
    : document_(document), node_(std::move(node)), path_(std::move(path)) {}

template <typename Check>
auto ScenarioNode::checked(Check check) const {
  try {
    return check(io::YamlNodeReader(node_, document_.file(), path_));
  } catch (const InputError& error) {
    document_.fail(error);
  }
}

std::string ScenarioNode::key_path(std::string_view key) const {
  return path_.empty() ? std::string(key) : path_ + "." + std::string(key);
}

// A key with an empty value (`key:`) counts as absent, so that optional keys take their default.
bool ScenarioNode::has(std::string_view key) const {
  const YAML::Node value = node_[std::string(key)];
  return value.IsDefined() && !value.IsNull();
}

void ScenarioNode::fail(std::string_view key, const std::string& message) const {
  const YAML::Node value = node_[std::string(key)];
  document_.fail(value.IsDefined() ? value : node_, key_path(key), message);
}

void ScenarioNode::fail_at(const YAML::Node& node, const std::string& key_path, const std::string& message) const {
  document_.fail(node.IsDefined() ? node : node_, key_path, message);
}

ScenarioNode ScenarioNode::child(std::string_view key) const {
  return checked([&](const io::YamlNodeReader& reader) {
    const io::YamlNodeReader value = reader.child(key);
    value.expect_map();
    return ScenarioNode(document_, value.node(), value.key_path());
  });
}

ScenarioNode ScenarioNode::nested(YAML::Node node, std::string key_path) const {
  return ScenarioNode(document_, std::move(node), std::move(key_path));
}

std::string ScenarioNode::text(std::string_view key) const {
  return checked([&](const io::YamlNodeReader& reader) { return reader.child(key).as_string(); });
}

std::string ScenarioNode::text(std::string_view key, std::string fallback) const {
  return has(key) ? text(key) : std::move(fallback);
}

double ScenarioNode::number(std::string_view key) const {
  return checked([&](const io::YamlNodeReader& reader) { return reader.child(key).as_double(); });
}

double ScenarioNode::number(std::string_view key, double fallback) const { return has(key) ? number(key) : fallback; }

double ScenarioNode::positive(std::string_view key) const {
  return checked([&](const io::YamlNodeReader& reader) { return reader.child(key).as_positive_double(); });
}

double ScenarioNode::positive(std::string_view key, double fallback) const {
  return has(key) ? positive(key) : fallback;
}

int ScenarioNode::integer(std::string_view key, int fallback) const {
  if (!has(key)) return fallback;
  return checked([&](const io::YamlNodeReader& reader) { return reader.child(key).as_int(); });
}

std::vector<double> ScenarioNode::numbers(std::string_view key) const {
  return checked([&](const io::YamlNodeReader& reader) {
    const io::YamlNodeReader list = reader.child(key);
    std::vector<double> result;
    for (std::size_t i = 0; i < list.size(); ++i) result.push_back(list.element(i).as_double());
    return result;
  });
}

void ScenarioNode::allow_only(std::initializer_list<std::string_view> allowed) const {
  checked([&](const io::YamlNodeReader& reader) {
    reader.expect_only_keys(std::span<const std::string_view>(allowed.begin(), allowed.size()));
  });
}

}  // namespace relcp::io::dcs
