// Typed reads from YAML nodes and the file:line:key of their errors.

#include <gtest/gtest.h>

#include <array>

#include "core/error.hpp"
#include "io/yaml/yaml_node_reader.hpp"

namespace relcp::io {
namespace {

YamlNodeReader root(const std::string& text) { return YamlNodeReader(YAML::Load(text), "run.yaml"); }

// The InputError thrown by `read`, or a failure when none is.
template <typename Read>
InputError error_of(Read read) {
  try {
    read();
  } catch (const InputError& error) {
    return error;
  }
  ADD_FAILURE() << "no InputError";
  return InputError("", "");
}

TEST(YamlNodeReader, ReadsTypedValues) {
  const YamlNodeReader r = root("steps: 12\nname: ring\nscale: 2.5e-1\ngravity: [0, 0, -9.81]\n");
  EXPECT_EQ(r.child("steps").as_int(), 12);
  EXPECT_EQ(r.child("name").as_string(), "ring");
  EXPECT_DOUBLE_EQ(r.child("scale").as_positive_double(), 0.25);
  EXPECT_EQ(r.child("gravity").as_vec3(), Vec3(0.0, 0.0, -9.81));
  EXPECT_TRUE(r.has("steps"));
  EXPECT_FALSE(r.has("missing"));
  EXPECT_FALSE(r.optional_child("missing").has_value());
  EXPECT_EQ(r.optional_child("steps")->line(), 1);
}

TEST(YamlNodeReader, ReportsWhereAndWhat) {
  const YamlNodeReader r = root("run:\n  steps: 1.5\n  name: [a, b]\n  dt: -1\n");
  const InputError not_integer = error_of([&] { r.child("run").child("steps").as_int(); });
  EXPECT_EQ(not_integer.line(), 2);
  EXPECT_EQ(not_integer.key(), "run.steps");
  EXPECT_NE(not_integer.message().find("integer"), std::string::npos);

  const InputError not_name = error_of([&] { r.child("run").child("name").as_string(); });
  EXPECT_EQ(not_name.line(), 3);
  EXPECT_NE(not_name.message().find("a list"), std::string::npos);

  const InputError negative = error_of([&] { r.child("run").child("dt").as_positive_double(); });
  EXPECT_EQ(negative.key(), "run.dt");
  EXPECT_EQ(negative.line(), 4);

  const InputError missing = error_of([&] { r.child("run").child("output"); });
  EXPECT_EQ(missing.key(), "run.output");
  EXPECT_EQ(missing.line(), 2);  // where the mapping that lacks it starts
  EXPECT_EQ(missing.file(), "run.yaml");
}

TEST(YamlNodeReader, OnlyAllowedKeys) {
  const YamlNodeReader r = root("a: 1\nb: 2\nc: 3\n");
  constexpr std::array<std::string_view, 3> kAll{"a", "b", "c"};
  EXPECT_NO_THROW(r.expect_only_keys(kAll));
  constexpr std::array<std::string_view, 2> kTwo{"a", "b"};
  const InputError unknown = error_of([&] { r.expect_only_keys(kTwo); });
  EXPECT_EQ(unknown.key(), "c");
  EXPECT_EQ(unknown.line(), 3);
  EXPECT_NE(unknown.message().find("allowed here: a, b"), std::string::npos);
}

TEST(YamlNodeReader, ReadingAMissingKeyDoesNotAddIt) {
  const YamlNodeReader r = root("a: 1\n");
  EXPECT_FALSE(r.has("b"));
  EXPECT_THROW(r.child("b"), InputError);
  EXPECT_EQ(r.node().size(), 1u);
}

}  // namespace
}  // namespace relcp::io
