#pragma once
// `--set key.path=value` overrides of a scenario document, applied before validation.
//
// The key path names mappings by key and list elements by index: `simulation.dt`,
// `bodies[0].position`, `generators[1].body.radii`. The value is YAML (`0.02`, `[1, 2, 3]`,
// `{directory: run2}`). Missing mappings on the way are created; a list index must exist.
// Errors in the value found later by validation point at the key's line in the file (at its
// mapping's line for a key that the override added).

#include <string>
#include <string_view>

#include <yaml-cpp/yaml.h>

namespace relcp::io {

// Throws InputError (key "--set") for a malformed assignment or path; a path that does not fit
// the document (a list index past its end, a key below a scalar) also names `file` and the line.
void apply_override(YAML::Node& document, std::string_view assignment, const std::string& file = "");

}  // namespace relcp::io
