// relcp.xmf: two temporal collections, bodies (a grid per snapshot) and contacts (a line grid per
// snapshot with links), pointing at the HDF5 datasets with their shapes.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "io/hdf5/xdmf_writer.hpp"

namespace relcp::io {
namespace {

std::size_t count_of(const std::string& text, const std::string& needle) {
  std::size_t count = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++count;
  return count;
}

TEST(XdmfWriter, OneGridPerSnapshotWithEveryDataset) {
  const std::vector<SnapshotInfo> snapshots{{0, 0.0, 5}, {10, 0.1, 5}, {20, 0.2, 7}};
  const std::string xml = xdmf_text("relcp.h5", snapshots);
  EXPECT_EQ(count_of(xml, "<Grid Name=\"step "), 3u);
  EXPECT_EQ(count_of(xml, "CollectionType=\"Temporal\""), 2u);
  EXPECT_EQ(count_of(xml, "<Grid Name=\"contacts "), 0u);  // no links: an empty contacts collection
  EXPECT_NE(xml.find("<Time Value=\"0.10000000000000001\" />"), std::string::npos);
  EXPECT_NE(xml.find("NumberOfElements=\"7\""), std::string::npos);
  for (const char* dataset : {"id", "position", "orientation", "shape", "shape_params", "velocity", "angular_velocity",
                              "force", "torque", "owner"}) {
    EXPECT_EQ(count_of(xml, "<Attribute Name=\"" + std::string(dataset) + "\""), 3u) << dataset;
    EXPECT_NE(xml.find("relcp.h5:/snapshots/00000020/" + std::string(dataset) + "</DataItem>"), std::string::npos)
        << dataset;
  }
  EXPECT_NE(xml.find("Dimensions=\"7 4\" NumberType=\"Float\" Precision=\"8\" Format=\"HDF\">"
                     "relcp.h5:/snapshots/00000020/orientation"),
            std::string::npos);
  EXPECT_NE(xml.find("Dimensions=\"5\" NumberType=\"Char\" Precision=\"1\" Format=\"HDF\">"
                     "relcp.h5:/snapshots/00000010/shape"),
            std::string::npos);
  EXPECT_EQ(count_of(xml, "<Geometry GeometryType=\"XYZ\">"), 3u);
  // Balanced elements.
  EXPECT_EQ(count_of(xml, "<Grid "), count_of(xml, "</Grid>"));
  EXPECT_EQ(count_of(xml, "<Attribute "), count_of(xml, "</Attribute>"));
  EXPECT_EQ(count_of(xml, "<DataItem "), count_of(xml, "</DataItem>"));
}

TEST(XdmfWriter, LinksBecomeLineGridsInASecondCollection) {
  const std::vector<SnapshotInfo> snapshots{{0, 0.0, 5, 0}, {10, 0.1, 5, 3}, {20, 0.2, 6, 0}};
  const std::string xml = xdmf_text("relcp.h5", snapshots);
  EXPECT_EQ(count_of(xml, "<Grid Name=\"step "), 3u);
  EXPECT_EQ(count_of(xml, "<Grid Name=\"contacts "), 1u);  // only step 10 has links
  const std::size_t bodies = xml.find("<Grid Name=\"bodies\" GridType=\"Collection\" CollectionType=\"Temporal\">");
  const std::size_t contacts = xml.find("<Grid Name=\"contacts\" GridType=\"Collection\" CollectionType=\"Temporal\">");
  ASSERT_NE(bodies, std::string::npos);
  ASSERT_NE(contacts, std::string::npos);
  EXPECT_LT(xml.rfind("<Grid Name=\"step "), contacts);  // every body grid in the first collection
  const std::string grid = xml.substr(contacts);
  EXPECT_NE(grid.find("<Grid Name=\"contacts 10\" GridType=\"Uniform\">\n"
                      "        <Time Value=\"0.10000000000000001\" />\n"
                      "        <Topology TopologyType=\"Polyline\" NumberOfElements=\"3\" NodesPerElement=\"2\" />"),
            std::string::npos);
  EXPECT_NE(grid.find("<Geometry GeometryType=\"XYZ\">\n"
                      "          <DataItem Dimensions=\"6 3\" NumberType=\"Float\" Precision=\"8\" Format=\"HDF\">"
                      "relcp.h5:/snapshots/00000010/contacts/points</DataItem>"),
            std::string::npos);
  EXPECT_NE(grid.find("<Attribute Name=\"force\" AttributeType=\"Scalar\" Center=\"Cell\">\n"
                      "          <DataItem Dimensions=\"3\" NumberType=\"Float\" Precision=\"8\" Format=\"HDF\">"
                      "relcp.h5:/snapshots/00000010/contacts/force</DataItem>"),
            std::string::npos);
  EXPECT_NE(grid.find("<Attribute Name=\"normal\" AttributeType=\"Vector\" Center=\"Cell\">\n"
                      "          <DataItem Dimensions=\"3 3\" NumberType=\"Float\" Precision=\"8\" Format=\"HDF\">"
                      "relcp.h5:/snapshots/00000010/contacts/normal</DataItem>"),
            std::string::npos);
  for (const char* id : {"body_a", "body_b"}) {
    EXPECT_NE(grid.find("<Attribute Name=\"" + std::string(id) +
                        "\" AttributeType=\"Scalar\" Center=\"Cell\">\n"
                        "          <DataItem Dimensions=\"3\" NumberType=\"Int\" Precision=\"8\" Format=\"HDF\">"
                        "relcp.h5:/snapshots/00000010/contacts/" +
                        std::string(id) + "</DataItem>"),
              std::string::npos)
        << id;
  }
  EXPECT_EQ(count_of(xml, "Center=\"Cell\""), 4u);
  EXPECT_EQ(count_of(xml, "<Grid "), count_of(xml, "</Grid>"));
  EXPECT_EQ(count_of(xml, "<Attribute "), count_of(xml, "</Attribute>"));
  EXPECT_EQ(count_of(xml, "<DataItem "), count_of(xml, "</DataItem>"));
}

TEST(XdmfWriter, WritesThroughARenameAndLeavesNoTemporaryFile) {
  const auto dir = std::filesystem::temp_directory_path() / ("relcp_xdmf_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "relcp.xmf").string();
  write_xdmf(path, "relcp.h5", {{0, 0.0, 2}});
  write_xdmf(path, "relcp.h5", {{0, 0.0, 2}, {5, 0.5, 2}});
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), xdmf_text("relcp.h5", {{0, 0.0, 2}, {5, 0.5, 2}}));
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace relcp::io
