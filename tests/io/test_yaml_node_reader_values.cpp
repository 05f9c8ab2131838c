// The scalar reads added for scenarios: 64-bit integers and booleans.

#include <gtest/gtest.h>

#include "core/error.hpp"
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

}  // namespace
}  // namespace relcp::io
