#include "io/yaml/yaml_node_reader.hpp"

#include <cmath>

#include <fstream>
#include <set>

#include "core/error.hpp"

namespace relcp::io {
namespace {

std::string join_keys(std::span<const std::string_view> keys) {
  std::string text;
  for (const std::string_view key : keys) {
    if (!text.empty()) text += ", ";
    text += key;
  }
  return text;
}

std::string describe(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Undefined:
      return "nothing";
    case YAML::NodeType::Null:
      return "an empty value";
    case YAML::NodeType::Scalar:
      return "'" + node.Scalar() + "'";
    case YAML::NodeType::Sequence:
      return "a list";
    case YAML::NodeType::Map:
      return "a mapping";
  }
  return "an unknown node";
}

}  // namespace

YAML::Node load_yaml_file(const std::string& path) {
  if (!std::ifstream(path).good()) throw InputError(path, 0, "", "cannot open the file");
  try {
    return YAML::LoadFile(path);
  } catch (const YAML::ParserException& error) {
    throw InputError(path, error.mark.line + 1, "", "YAML syntax error: " + error.msg);
  } catch (const YAML::BadFile&) {
    throw InputError(path, 0, "", "cannot read the file");
  }
}

YamlNodeReader::YamlNodeReader(YAML::Node node, std::string file, std::string key_path)
    : node_(std::move(node)), file_(std::move(file)), key_path_(std::move(key_path)) {}

int YamlNodeReader::line() const {
  int line = parent_line_;
  if (node_.IsDefined() && !node_.IsNull() && !node_.Mark().is_null()) line = node_.Mark().line + 1;
  // The document itself starts at line 1, even when it is empty or only comments.
  return line == 0 && key_path_.empty() ? 1 : line;
}

void YamlNodeReader::fail(const std::string& message) const { mark().fail(message); }

void YamlNodeReader::expect_map() const {
  if (!node_.IsMap()) fail("expected a mapping of keys, found " + describe(node_));
}

bool YamlNodeReader::has(std::string_view key) const {
  expect_map();
  const YAML::Node& lookup = node_;  // const access: never inserts the key
  return static_cast<bool>(lookup[std::string(key)]);
}

YamlNodeReader YamlNodeReader::child(std::string_view key) const {
  expect_map();
  const std::string name(key);
  const YAML::Node& lookup = node_;  // const access: never inserts the key
  YamlNodeReader reader(lookup[name], file_, key_path_.empty() ? name : key_path_ + "." + name);
  // An empty value has no position of its own: point at its key, or at this mapping when the
  // key is missing.
  reader.parent_line_ = line();
  for (const auto& entry : lookup) {
    if (entry.first.IsScalar() && entry.first.Scalar() == name && !entry.first.Mark().is_null()) {
      reader.parent_line_ = entry.first.Mark().line + 1;
      break;
    }
  }
  if (!reader.node_.IsDefined()) reader.fail("missing");
  return reader;
}

std::optional<YamlNodeReader> YamlNodeReader::optional_child(std::string_view key) const {
  if (!has(key)) return std::nullopt;
  return child(key);
}

void YamlNodeReader::expect_only_keys(std::span<const std::string_view> allowed) const {
  expect_map();
  std::set<std::string> seen;
  for (const auto& entry : node_) {
    YamlNodeReader key(entry.first, file_, key_path_);
    key.parent_line_ = line();
    if (!entry.first.IsScalar()) {
      key.key_path_ = key_path_.empty() ? "(top level)" : key_path_;
      key.fail("a key must be a plain name, found " + describe(entry.first));
    }
    const std::string name = entry.first.Scalar();
    key.key_path_ = key_path_.empty() ? name : key_path_ + "." + name;
    bool known = false;
    for (const std::string_view candidate : allowed) known = known || candidate == name;
    if (!known) key.fail("unknown key (allowed here: " + join_keys(allowed) + ")");
    if (!seen.insert(name).second) key.fail("repeated key");
  }
}

void YamlNodeReader::expect_sequence() const {
  if (!node_.IsSequence()) fail("expected a list, found " + describe(node_));
}

std::size_t YamlNodeReader::size() const {
  expect_sequence();
  return node_.size();
}

YamlNodeReader YamlNodeReader::element(std::size_t index) const {
  expect_sequence();
  const YAML::Node& lookup = node_;
  YamlNodeReader reader(lookup[index], file_, key_path_ + "[" + std::to_string(index) + "]");
  reader.parent_line_ = line();
  return reader;
}

std::string YamlNodeReader::as_string() const {
  if (!node_.IsScalar()) fail("expected a name, found " + describe(node_));
  return node_.Scalar();
}

void YamlNodeReader::require_memory(double bytes, const std::string& what) const { mark().require_memory(bytes, what); }

double YamlNodeReader::as_double() const {
  if (!node_.IsScalar()) fail("expected a number, found " + describe(node_));
  double value = 0.0;
  if (!YAML::convert<double>::decode(node_, value)) fail("expected a number, found " + describe(node_));
  if (!std::isfinite(value)) fail("expected a finite number, found " + describe(node_));
  if (std::abs(value) > kLargestMagnitude) {
    fail("magnitude above 1e100 (products of such numbers overflow), found " + describe(node_));
  }
  return value;
}

double YamlNodeReader::as_positive_double() const {
  const double value = as_double();
  if (!(value > 0.0)) fail("must be positive, found " + describe(node_));
  if (value < kSmallestPositive) {
    fail("positive values below 1e-100 are refused (their squares underflow), found " + describe(node_));
  }
  return value;
}

int YamlNodeReader::as_int() const {
  if (!node_.IsScalar()) fail("expected an integer, found " + describe(node_));
  int value = 0;
  if (!YAML::convert<int>::decode(node_, value)) fail("expected an integer, found " + describe(node_));
  return value;
}

std::int64_t YamlNodeReader::as_int64() const {
  if (!node_.IsScalar()) fail("expected an integer, found " + describe(node_));
  std::int64_t value = 0;
  if (!YAML::convert<std::int64_t>::decode(node_, value)) {
    fail("expected an integer, found " + describe(node_));
  }
  return value;
}

bool YamlNodeReader::as_bool() const {
  if (!node_.IsScalar()) fail("expected true or false, found " + describe(node_));
  bool value = false;
  if (!YAML::convert<bool>::decode(node_, value)) fail("expected true or false, found " + describe(node_));
  return value;
}

std::vector<double> YamlNodeReader::as_doubles(std::size_t count) const {
  const std::string expected = "expected a list of " + std::to_string(count) + " numbers";
  if (!node_.IsSequence()) fail(expected + ", found " + describe(node_));
  if (node_.size() != count) fail(expected + ", found " + std::to_string(node_.size()));
  std::vector<double> values;
  for (std::size_t i = 0; i < count; ++i) values.push_back(element(i).as_double());
  return values;
}

Vec3 YamlNodeReader::as_vec3() const {
  const std::vector<double> values = as_doubles(3);
  return {values[0], values[1], values[2]};
}

}  // namespace relcp::io
