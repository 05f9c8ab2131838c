#include "io/yaml/scenario_overrides.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

#include "core/error.hpp"

namespace relcp::io {
namespace {

struct PathStep {
  std::string key;  // empty for a list index
  std::size_t index = 0;
};

[[noreturn]] void fail(std::string_view assignment, const std::string& message) {
  throw InputError("--set", std::string(assignment) + ": " + message);
}

// A path that does not fit the document is a fault of the pair: name the file and the line of
// the node where the path stopped.
[[noreturn]] void fail_in(const std::string& file, const YAML::Node& node, std::string_view assignment,
                          const std::string& message) {
  if (file.empty()) fail(assignment, message);
  const YAML::Mark mark = node.Mark();
  throw InputError(file, mark.is_null() ? 1 : mark.line + 1, "--set", std::string(assignment) + ": " + message);
}

std::vector<PathStep> parse_path(std::string_view assignment, std::string_view path) {
  std::vector<PathStep> steps;
  std::size_t at = 0;
  while (at < path.size()) {
    std::size_t end = at;
    while (end < path.size() && path[end] != '.' && path[end] != '[') ++end;
    if (end == at) fail(assignment, "empty key in the key path");
    steps.push_back(PathStep{std::string(path.substr(at, end - at)), 0});
    at = end;
    while (at < path.size() && path[at] == '[') {
      const std::size_t close = path.find(']', at);
      const std::string_view digits = path.substr(at + 1, close == std::string_view::npos ? 0 : close - at - 1);
      if (close == std::string_view::npos || digits.empty() || !std::all_of(digits.begin(), digits.end(), [](char c) {
            return std::isdigit(static_cast<unsigned char>(c));
          })) {
        fail(assignment, "a list index must be written [N] with N a whole number");
      }
      steps.push_back(PathStep{"", static_cast<std::size_t>(std::stoull(std::string(digits)))});
      at = close + 1;
    }
    if (at < path.size()) {
      if (path[at] != '.') fail(assignment, "unexpected '" + std::string(1, path[at]) + "' in the key path");
      ++at;
      if (at == path.size()) fail(assignment, "the key path ends with '.'");
    }
  }
  return steps;
}

// A copy of `node` without positions, so that validation errors in an overridden value point
// at the key in the file rather than at a line of the command-line text.
YAML::Node without_marks(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Scalar:
      return YAML::Node(node.Scalar());
    case YAML::NodeType::Sequence: {
      YAML::Node copy(YAML::NodeType::Sequence);
      for (const auto& element : node) copy.push_back(without_marks(element));
      return copy;
    }
    case YAML::NodeType::Map: {
      YAML::Node copy(YAML::NodeType::Map);
      for (const auto& entry : node) copy[entry.first.Scalar()] = without_marks(entry.second);
      return copy;
    }
    default:
      return YAML::Node(YAML::NodeType::Null);
  }
}

YAML::Node parse_value(std::string_view assignment, std::string_view text) {
  try {
    return without_marks(YAML::Load(std::string(text)));
  } catch (const YAML::Exception& error) {
    fail(assignment, "the value is not valid YAML: " + error.msg);
  }
}

}  // namespace

void apply_override(YAML::Node& document, std::string_view assignment, const std::string& file) {
  const std::size_t equals = assignment.find('=');
  if (equals == std::string_view::npos) fail(assignment, "expected key.path=value");
  const std::vector<PathStep> steps = parse_path(assignment, assignment.substr(0, equals));
  if (steps.empty()) fail(assignment, "empty key path");
  const YAML::Node value = parse_value(assignment, assignment.substr(equals + 1));

  if (!document.IsMap()) document = YAML::Node(YAML::NodeType::Map);
  // yaml-cpp nodes are handles: reset() moves the handle, operator= would overwrite the node.
  YAML::Node current;
  current.reset(document);
  for (std::size_t k = 0; k < steps.size(); ++k) {
    const PathStep& step = steps[k];
    const bool last = k + 1 == steps.size();
    if (step.key.empty()) {
      if (!current.IsSequence() || step.index >= current.size()) {
        fail_in(file, current, assignment, "no list element [" + std::to_string(step.index) + "] there");
      }
      if (last) {
        current[step.index] = value;
        return;
      }
      YAML::Node next = current[step.index];
      current.reset(next);
    } else {
      if (current.IsNull()) current = YAML::Node(YAML::NodeType::Map);
      if (!current.IsMap()) fail_in(file, current, assignment, "'" + step.key + "' is not inside a mapping");
      if (last) {
        current[step.key] = value;
        return;
      }
      if (!current[step.key]) current[step.key] = YAML::Node(YAML::NodeType::Map);
      YAML::Node next = current[step.key];
      current.reset(next);
    }
  }
}

}  // namespace relcp::io
