// The scalar reads added for scenarios: 64-bit integers, booleans, the magnitude bounds of
// numbers, the memory check and the line of an empty document.

#include <gtest/gtest.h>

#include "core/error.hpp"
#include "core/memory_budget.hpp"
#include "io/yaml/yaml_node_reader.hpp"

namespace relcp::io {
namespace {

YamlNodeReader root(const std::string& text) { return YamlNodeReader(YAML::Load(text), "v.yaml"); }

TEST(YamlNodeReaderValues, Int64HoldsLargeCountsAndRejectsFractions) {
  const YamlNodeReader r = root("big: 5000000000\nfraction: 2.5\nlist: [1]\n");
  EXPECT_EQ(r.child("big").as_int64(), 5000000000LL);
  EXPECT_THROW(r.child("fraction").as_int64(), InputError);
  EXPECT_THROW(r.child("list").as_int64(), InputError);
  EXPECT_THROW(r.child("big").as_int(), InputError);
}

TEST(YamlNodeReaderValues, BoolAcceptsYamlTruthValuesOnly) {
  const YamlNodeReader r = root("a: true\nb: false\nc: yes\nd: 1\ne: maybe\n");
  EXPECT_TRUE(r.child("a").as_bool());
  EXPECT_FALSE(r.child("b").as_bool());
  EXPECT_TRUE(r.child("c").as_bool());
  for (const char* key : {"d", "e"}) {
    try {
      r.child(key).as_bool();
      ADD_FAILURE() << key;
    } catch (const InputError& error) {
      EXPECT_EQ(error.key(), key);
      EXPECT_NE(error.message().find("expected true or false"), std::string::npos);
    }
  }
}

TEST(YamlNodeReaderValues, NumbersBeyondTheMagnitudeBoundsNameTheirKey) {
  const YamlNodeReader r = root("a: 1e100\nb: -1e101\nc: 1e308\nd: 1e-100\ne: 1e-101\nf: 1e-300\n");
  EXPECT_EQ(r.child("a").as_double(), 1e100);
  EXPECT_THROW(r.child("b").as_double(), InputError);
  EXPECT_EQ(r.child("d").as_positive_double(), 1e-100);
  EXPECT_THROW(r.child("e").as_positive_double(), InputError);
  EXPECT_EQ(r.child("f").as_double(), 1e-300);  // a coordinate may be tiny; a size may not
  try {
    r.child("c").as_double();
    ADD_FAILURE();
  } catch (const InputError& error) {
    EXPECT_EQ(error.key(), "c");
    EXPECT_EQ(error.line(), 3);
    EXPECT_NE(error.message().find("magnitude above 1e100"), std::string::npos) << error.message();
  }
}

TEST(YamlNodeReaderValues, RequireMemoryFailsAtTheNodeBeyondTheBudget) {
  const YamlNodeReader r = root("count: 5\n");
  set_memory_cap_bytes(1u << 20);
  EXPECT_NO_THROW(r.child("count").require_memory(1000.0, "5 bodies"));
  try {
    r.child("count").require_memory(1e12, "5 bodies");
    ADD_FAILURE();
  } catch (const InputError& error) {
    EXPECT_EQ(error.key(), "count");
    EXPECT_EQ(error.line(), 1);
    EXPECT_NE(error.message().find("5 bodies needs"), std::string::npos) << error.message();
  }
  set_memory_cap_bytes(std::nullopt);
}

TEST(YamlNodeReaderValues, AnEmptyDocumentFailsAtLineOne) {
  const YamlNodeReader r(YAML::Load("# only a comment\n"), "empty.yaml");
  try {
    r.expect_map();
    ADD_FAILURE();
  } catch (const InputError& error) {
    EXPECT_EQ(error.line(), 1);
    EXPECT_EQ(error.file(), "empty.yaml");
  }
}

}  // namespace
}  // namespace relcp::io
