#pragma once
// Reading and validating a whole scenario (docs/scenario.md): unknown keys at any depth, wrong
// types, out-of-range values and missing required keys throw InputError carrying the file, the
// line and the key path, before anything runs.

#include <string>
#include <vector>

#include "io/scenario/scenario.hpp"
#include "io/yaml/yaml_node_reader.hpp"

namespace relcp::io {

Scenario read_scenario(const YamlNodeReader& root);

// Loads the file, applies `overrides` ("key.path=value", see scenario_overrides.hpp) and reads
// it. A YAML syntax error is reported at its line.
Scenario load_scenario(const std::string& path, const std::vector<std::string>& overrides = {});

}  // namespace relcp::io
