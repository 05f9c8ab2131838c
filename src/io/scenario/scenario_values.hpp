#pragma once
// Value checks shared by the scenario section readers; each failure names the node's file,
// line and key path like every other reading error.

#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

#include "core/types.hpp"
#include "io/yaml/yaml_node_reader.hpp"

namespace relcp::io {

struct Box {
  Vec3 lower;
  Vec3 upper;
};

std::int64_t as_count(const YamlNodeReader& node);           // an integer >= 0
std::int64_t as_positive_count(const YamlNodeReader& node);  // an integer >= 1
double as_non_negative_double(const YamlNodeReader& node);

// One of `choices`; otherwise "unknown <what> 'x' (expected a, b or c)".
std::string as_choice(const YamlNodeReader& node, std::initializer_list<std::string_view> choices,
                      std::string_view what);
std::string as_choice(const YamlNodeReader& node, std::span<const std::string_view> choices, std::string_view what);

// A mapping {lower: [x, y, z], upper: [x, y, z]} with upper > lower along every axis.
Box read_box(const YamlNodeReader& node);

}  // namespace relcp::io
