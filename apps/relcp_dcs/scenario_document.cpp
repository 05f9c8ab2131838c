#include "relcp_dcs/scenario_document.hpp"

#include <cmath>

#include "core/error.hpp"
#include "io/scenario_overrides.hpp"
#include "io/yaml_node_reader.hpp"

namespace relcp::apps::dcs {
namespace {

int line_of(const YAML::Node& node) {
  if (!node.IsDefined()) return 0;
  const YAML::Mark mark = node.Mark();
  return mark.is_null() ? 0 : mark.line + 1;
}

}  // namespace

ScenarioDocument ScenarioDocument::load(const std::string& file,
                                        const std::vector<std::string>& overrides) {
  YAML::Node root = io::load_yaml_file(file);
  if (!root.IsMap()) throw InputError(file, line_of(root), "", "the scenario must be a YAML mapping");
  ScenarioDocument document(file, root);
  for (const std::string& assignment : overrides) document.apply_override(assignment);
  return document;
}

void ScenarioDocument::apply_override(const std::string& assignment) {
  io::apply_override(root_, assignment);  // validates the assignment and its key path
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

void ScenarioDocument::fail(const YAML::Node& node, const std::string& key_path,
                            const std::string& message) const {
  if (overridden(key_path)) throw InputError("--set", 0, key_path, message);
  throw InputError(file_, line_of(node), key_path, message);
}

ScenarioNode::ScenarioNode(const ScenarioDocument& document, YAML::Node node, std::string path)
    : document_(document), node_(std::move(node)), path_(std::move(path)) {}

std::string ScenarioNode::key_path(std::string_view key) const {
  return path_.empty() ? std::string(key) : path_ + "." + std::string(key);
}

bool ScenarioNode::has(std::string_view key) const {
  const YAML::Node value = node_[std::string(key)];
  return value.IsDefined() && !value.IsNull();
}

void ScenarioNode::fail(std::string_view key, const std::string& message) const {
  const YAML::Node value = node_[std::string(key)];
  document_.fail(value.IsDefined() ? value : node_, key_path(key), message);
}

void ScenarioNode::fail_at(const YAML::Node& node, const std::string& key_path,
                           const std::string& message) const {
  document_.fail(node.IsDefined() ? node : node_, key_path, message);
}

ScenarioNode ScenarioNode::child(std::string_view key) const {
  if (!has(key)) fail(key, "missing (a mapping is required)");
  const YAML::Node value = node_[std::string(key)];
  if (!value.IsMap()) fail(key, "must be a mapping");
  return ScenarioNode(document_, value, key_path(key));
}

ScenarioNode ScenarioNode::nested(YAML::Node node, std::string key_path) const {
  return ScenarioNode(document_, std::move(node), std::move(key_path));
}

std::string ScenarioNode::text(std::string_view key) const {
  if (!has(key)) fail(key, "missing (required)");
  const YAML::Node value = node_[std::string(key)];
  if (!value.IsScalar()) fail(key, "must be a single value");
  return value.Scalar();
}

std::string ScenarioNode::text(std::string_view key, std::string fallback) const {
  return has(key) ? text(key) : std::move(fallback);
}

double ScenarioNode::number(std::string_view key) const {
  if (!has(key)) fail(key, "missing (a number is required)");
  const YAML::Node value = node_[std::string(key)];
  double result = 0.0;
  if (!value.IsScalar() || !YAML::convert<double>::decode(value, result) || !std::isfinite(result)) {
    fail(key, "must be a finite number");
  }
  return result;
}

double ScenarioNode::number(std::string_view key, double fallback) const {
  return has(key) ? number(key) : fallback;
}

double ScenarioNode::positive(std::string_view key) const {
  const double value = number(key);
  if (!(value > 0.0)) fail(key, "must be positive");
  return value;
}

double ScenarioNode::positive(std::string_view key, double fallback) const {
  return has(key) ? positive(key) : fallback;
}

int ScenarioNode::integer(std::string_view key, int fallback) const {
  if (!has(key)) return fallback;
  const YAML::Node value = node_[std::string(key)];
  int result = 0;
  if (!value.IsScalar() || !YAML::convert<int>::decode(value, result)) fail(key, "must be an integer");
  return result;
}

std::vector<double> ScenarioNode::numbers(std::string_view key) const {
  if (!has(key)) fail(key, "missing (a list of numbers is required)");
  const YAML::Node value = node_[std::string(key)];
  if (!value.IsSequence()) fail(key, "must be a list of numbers");
  std::vector<double> result;
  for (std::size_t i = 0; i < value.size(); ++i) {
    double entry = 0.0;
    if (!value[i].IsScalar() || !YAML::convert<double>::decode(value[i], entry) || !std::isfinite(entry)) {
      fail_at(value[i], key_path(key) + "[" + std::to_string(i) + "]", "must be a finite number");
    }
    result.push_back(entry);
  }
  return result;
}

void ScenarioNode::allow_only(std::initializer_list<std::string_view> allowed) const {
  for (const auto& entry : node_) {
    const std::string key = entry.first.as<std::string>();
    bool known = false;
    for (std::string_view name : allowed) known = known || name == key;
    if (known) continue;
    std::string list;
    for (std::string_view name : allowed) list += (list.empty() ? "" : ", ") + std::string(name);
    document_.fail(entry.first, key_path(key), "unknown key (expected one of: " + list + ")");
  }
}

}  // namespace relcp::apps::dcs
