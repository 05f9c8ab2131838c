#include "io/scenario/scenario_values.hpp"

#include <array>

namespace relcp::io {

std::int64_t as_count(const YamlNodeReader& node) {
  const std::int64_t value = node.as_int64();
  if (value < 0) node.fail("must not be negative, found " + std::to_string(value));
  return value;
}

std::int64_t as_positive_count(const YamlNodeReader& node) {
  const std::int64_t value = node.as_int64();
  if (value < 1) node.fail("must be at least 1, found " + std::to_string(value));
  return value;
}

double as_non_negative_double(const YamlNodeReader& node) {
  const double value = node.as_double();
  if (value < 0.0) node.fail("must not be negative, found '" + node.node().Scalar() + "'");
  return value;
}

std::string as_choice(const YamlNodeReader& node, std::initializer_list<std::string_view> choices,
                      std::string_view what) {
  return as_choice(node, std::span<const std::string_view>(choices.begin(), choices.size()), what);
}

std::string as_choice(const YamlNodeReader& node, std::span<const std::string_view> choices, std::string_view what) {
  const std::string name = node.as_string();
  std::string expected;
  std::size_t index = 0;
  for (const std::string_view choice : choices) {
    if (choice == name) return name;
    if (index > 0) expected += index + 1 == choices.size() ? " or " : ", ";
    expected += choice;
    ++index;
  }
  node.fail("unknown " + std::string(what) + " '" + name + "' (expected " + expected + ")");
}

Box read_box(const YamlNodeReader& node) {
  node.expect_map();
  constexpr auto kKeys = std::to_array<std::string_view>({"lower", "upper"});
  node.expect_only_keys(kKeys);
  const Box box{node.child("lower").as_vec3(), node.child("upper").as_vec3()};
  for (int axis = 0; axis < 3; ++axis) {
    if (!(box.upper[axis] > box.lower[axis])) {
      node.child("upper")
          .element(static_cast<std::size_t>(axis))
          .fail("must be greater than lower[" + std::to_string(axis) +
                "] = " + node.child("lower").element(static_cast<std::size_t>(axis)).node().Scalar());
    }
  }
  return box;
}

}  // namespace relcp::io
