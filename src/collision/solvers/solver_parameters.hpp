#pragma once
// The scenario keys a distributed solver owns (docs/extending.md, "A distributed solver"), in the
// style of Belos' getValidParameters(): each solver family declares its keys once (name, kind,
// choices, help) and reads its own parameter struct from the values a scenario gave. The
// scenario reader and --help know only this interface, so a new solver with knobs adds no code
// there.

#include <map>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace relcp::collision {

enum class SolverParameterKind {
  positive_number,      // finite and > 0
  non_negative_number,  // finite and >= 0
  count,                // integer in 1..1e9
  non_negative_count,   // integer in 0..1e9
  fraction,             // in [0, 1]
  choice,               // one of `choices`
};

struct SolverParameterSpec {
  std::string_view key;  // in the scenario's collision section
  SolverParameterKind kind;
  std::vector<std::string_view> choices = {};  // choice only
  std::string_view choice_label = {};          // choice only: "unknown <label> 'x'"
  std::string_view help = {};
};

// What a scenario set, by key; a solver reads what it knows and keeps its defaults elsewhere.
class SolverParameterValues {
 public:
  void set(std::string_view key, double value) { values_[std::string(key)] = value; }
  void set(std::string_view key, std::string value) { values_[std::string(key)] = std::move(value); }

  double number(std::string_view key, double fallback) const;
  std::string choice(std::string_view key, std::string_view fallback) const;
  bool has(std::string_view key) const { return values_.find(key) != values_.end(); }

 private:
  std::map<std::string, std::variant<double, std::string>, std::less<>> values_;
};

}  // namespace relcp::collision
