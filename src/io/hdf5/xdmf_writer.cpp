#include "io/hdf5/xdmf_writer.hpp"

#include <array>
#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/error.hpp"
#include "io/faults/fault_injection.hpp"
#include "io/faults/system_reason.hpp"

namespace relcp::io {
namespace {

struct Column {
  const char* name;
  const char* attribute_type;  // XDMF AttributeType
  int components;              // 0: one value per row
  const char* number_type;
  int precision;
};

// Every dataset of a snapshot except `position`, which is the geometry.
constexpr std::array<Column, 10> kBodyAttributes{{
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

// One line cell per link; `points` (two rows per link) is the geometry.
constexpr Column kContactPoints{"contacts/points", "", 3, "Float", 8};
constexpr std::array<Column, 4> kContactAttributes{{
    {"contacts/force", "Scalar", 0, "Float", 8},
    {"contacts/normal", "Vector", 3, "Float", 8},
    {"contacts/body_a", "Scalar", 0, "Int", 8},
    {"contacts/body_b", "Scalar", 0, "Int", 8},
}};

std::string round_trip(double value) {
  std::array<char, 32> text{};
  std::snprintf(text.data(), text.size(), "%.17g", value);
  return text.data();
}

// The attribute name is the dataset's name within its group.
std::string leaf_name(const char* path) {
  const std::string name(path);
  return name.substr(name.rfind('/') + 1);
}

void data_item(std::ostringstream& xml, const std::string& indent, std::int64_t rows, const Column& column,
               const std::string& h5_path) {
  xml << indent << "<DataItem Dimensions=\"" << rows;
  if (column.components > 0) xml << " " << column.components;
  xml << "\" NumberType=\"" << column.number_type << "\" Precision=\"" << column.precision << "\" Format=\"HDF\">"
      << h5_path << "/" << column.name << "</DataItem>\n";
}

void attribute(std::ostringstream& xml, std::int64_t rows, const Column& column, const char* center,
               const std::string& h5_path) {
  xml << "        <Attribute Name=\"" << leaf_name(column.name) << "\" AttributeType=\"" << column.attribute_type
      << "\" Center=\"" << center << "\">\n";
  data_item(xml, "          ", rows, column, h5_path);
  xml << "        </Attribute>\n";
}

void bodies_grid(std::ostringstream& xml, const SnapshotInfo& snapshot, const std::string& h5_path) {
  xml << "      <Grid Name=\"step " << snapshot.step << "\" GridType=\"Uniform\">\n"
      << "        <Time Value=\"" << round_trip(snapshot.time) << "\" />\n"
      << "        <Topology TopologyType=\"Polyvertex\" NumberOfElements=\"" << snapshot.bodies
      << "\" NodesPerElement=\"1\" />\n"
      << "        <Geometry GeometryType=\"XYZ\">\n";
  data_item(xml, "          ", snapshot.bodies, kBodyAttributes.back(), h5_path);
  xml << "        </Geometry>\n";
  for (const Column& column : kBodyAttributes) attribute(xml, snapshot.bodies, column, "Node", h5_path);
  xml << "      </Grid>\n";
}

// Link k is the line between points 2k and 2k + 1: a Polyline topology without a connectivity
// item joins consecutive points, NodesPerElement at a time.
void contacts_grid(std::ostringstream& xml, const SnapshotInfo& snapshot, const std::string& h5_path) {
  xml << "      <Grid Name=\"contacts " << snapshot.step << "\" GridType=\"Uniform\">\n"
      << "        <Time Value=\"" << round_trip(snapshot.time) << "\" />\n"
      << "        <Topology TopologyType=\"Polyline\" NumberOfElements=\"" << snapshot.contacts
      << "\" NodesPerElement=\"2\" />\n"
      << "        <Geometry GeometryType=\"XYZ\">\n";
  data_item(xml, "          ", 2 * snapshot.contacts, kContactPoints, h5_path);
  xml << "        </Geometry>\n";
  for (const Column& column : kContactAttributes) attribute(xml, snapshot.contacts, column, "Cell", h5_path);
  xml << "      </Grid>\n";
}

}  // namespace

// Two temporal collections rather than one of spatial collections: ParaView's XDMF reader then
// keeps the block names `bodies` and `contacts` at every time (it renames grids whose names
// repeat across time steps to bodies[1], bodies[2], ...), and gives an empty `contacts` block
// at a time without links, whose grid is left out because an empty grid upsets it.
std::string xdmf_text(const std::string& h5_name, const std::vector<SnapshotInfo>& snapshots) {
  std::ostringstream xml;
  xml << "<?xml version=\"1.0\" ?>\n"
      << "<!DOCTYPE Xdmf SYSTEM \"Xdmf.dtd\" []>\n"
      << "<Xdmf Version=\"2.0\">\n"
      << "  <Domain>\n"
      << "    <Grid Name=\"bodies\" GridType=\"Collection\" CollectionType=\"Temporal\">\n";
  for (const SnapshotInfo& snapshot : snapshots) {
    bodies_grid(xml, snapshot, h5_name + ":" + snapshot_group_name(snapshot.step));
  }
  xml << "    </Grid>\n"
      << "    <Grid Name=\"contacts\" GridType=\"Collection\" CollectionType=\"Temporal\">\n";
  for (const SnapshotInfo& snapshot : snapshots) {
    if (snapshot.contacts > 0) contacts_grid(xml, snapshot, h5_name + ":" + snapshot_group_name(snapshot.step));
  }
  xml << "    </Grid>\n"
      << "  </Domain>\n"
      << "</Xdmf>\n";
  return xml.str();
}

void write_xdmf(const std::string& path, const std::string& h5_name, const std::vector<SnapshotInfo>& snapshots) {
  const std::string temporary = path + ".tmp";
  errno = 0;
  try {
    std::ofstream out(temporary, std::ios::trunc);
    out << xdmf_text(h5_name, snapshots);
    if (!out.flush()) throw RunTimeFailure("cannot write " + temporary + system_reason());
    fault_point(FaultOperation::write, "cannot write " + temporary);
  } catch (const RunTimeFailure&) {
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);
    throw;
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) throw RunTimeFailure("cannot rename " + temporary + " to " + path + ": " + error.message());
}

}  // namespace relcp::io
