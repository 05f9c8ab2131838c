#include "io/xdmf_writer.hpp"

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/error.hpp"

namespace relcp::io {
namespace {

struct Column {
  const char* name;
  const char* attribute_type;  // XDMF AttributeType
  int components;              // 0: one value per body
  const char* number_type;
  int precision;
};

// Every dataset of a snapshot except `position`, which is the geometry.
constexpr std::array<Column, 10> kAttributes{{
    {"id", "Scalar", 0, "Int", 8},
    {"orientation", "Matrix", 4, "Float", 8},
    {"shape", "Scalar", 0, "Char", 1},
    {"shape_params", "Matrix", 4, "Float", 8},
    {"velocity", "Vector", 3, "Float", 8},
    {"angular_velocity", "Vector", 3, "Float", 8},
    {"force", "Vector", 3, "Float", 8},
    {"torque", "Vector", 3, "Float", 8},
    {"owner", "Scalar", 0, "Int", 4},
    {"position", "Vector", 3, "Float", 8},
}};

std::string round_trip(double value) {
  std::array<char, 32> text{};
  std::snprintf(text.data(), text.size(), "%.17g", value);
  return text.data();
}

void data_item(std::ostringstream& xml, const std::string& indent, std::int64_t rows, const Column& column,
               const std::string& h5_path) {
  xml << indent << "<DataItem Dimensions=\"" << rows;
  if (column.components > 0) xml << " " << column.components;
  xml << "\" NumberType=\"" << column.number_type << "\" Precision=\"" << column.precision
      << "\" Format=\"HDF\">" << h5_path << "/" << column.name << "</DataItem>\n";
}

}  // namespace

std::string xdmf_text(const std::string& h5_name, const std::vector<SnapshotInfo>& snapshots) {
  std::ostringstream xml;
  xml << "<?xml version=\"1.0\" ?>\n"
      << "<!DOCTYPE Xdmf SYSTEM \"Xdmf.dtd\" []>\n"
      << "<Xdmf Version=\"2.0\">\n"
      << "  <Domain>\n"
      << "    <Grid Name=\"bodies\" GridType=\"Collection\" CollectionType=\"Temporal\">\n";
  for (const SnapshotInfo& snapshot : snapshots) {
    const std::string group = snapshot_group_name(snapshot.step);
    const std::string h5_path = h5_name + ":" + group;
    xml << "      <Grid Name=\"step " << snapshot.step << "\" GridType=\"Uniform\">\n"
        << "        <Time Value=\"" << round_trip(snapshot.time) << "\" />\n"
        << "        <Topology TopologyType=\"Polyvertex\" NumberOfElements=\"" << snapshot.bodies
        << "\" NodesPerElement=\"1\" />\n"
        << "        <Geometry GeometryType=\"XYZ\">\n";
    data_item(xml, "          ", snapshot.bodies, kAttributes.back(), h5_path);
    xml << "        </Geometry>\n";
    for (const Column& column : kAttributes) {
      xml << "        <Attribute Name=\"" << column.name << "\" AttributeType=\"" << column.attribute_type
          << "\" Center=\"Node\">\n";
      data_item(xml, "          ", snapshot.bodies, column, h5_path);
      xml << "        </Attribute>\n";
    }
    xml << "      </Grid>\n";
  }
  xml << "    </Grid>\n"
      << "  </Domain>\n"
      << "</Xdmf>\n";
  return xml.str();
}

void write_xdmf(const std::string& path, const std::string& h5_name,
                const std::vector<SnapshotInfo>& snapshots) {
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::trunc);
    out << xdmf_text(h5_name, snapshots);
    if (!out.flush()) throw RunTimeFailure("cannot write " + temporary);
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) throw RunTimeFailure("cannot rename " + temporary + " to " + path + ": " + error.message());
}

}  // namespace relcp::io
