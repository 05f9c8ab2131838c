#include "io/hdf5/snapshot_reader.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "io/hdf5/dataset_columns.hpp"
#include "io/hdf5/hdf5_file.hpp"
#include "io/hdf5/hdf5_rows.hpp"
#include "io/hdf5/shape_columns.hpp"
#include "io/hdf5/snapshot_contacts.hpp"

namespace relcp::io {
namespace {

herr_t collect_name(hid_t, const char* name, const H5L_info_t*, void* names) {
  static_cast<std::vector<std::string>*>(names)->emplace_back(name);
  return 0;
}

}  // namespace

std::vector<SnapshotInfo> list_snapshots(const std::string& path) {
  const hdf5::Handle file = hdf5::open_serial(path, hdf5::FileMode::read_only);
  std::vector<std::string> names;
  {
    const hdf5::Handle group(H5Gopen2(file, "/snapshots", H5P_DEFAULT), "open /snapshots");
    hdf5::check(H5Literate(group, H5_INDEX_NAME, H5_ITER_INC, nullptr, collect_name, &names), "list /snapshots");
  }
  std::vector<SnapshotInfo> snapshots;
  for (const std::string& name : names) {
    const hdf5::Handle group(H5Gopen2(file, ("/snapshots/" + name).c_str(), H5P_DEFAULT), "open " + name);
    snapshots.push_back(
        SnapshotInfo{hdf5::read_int64_attribute(group, "step"), hdf5::read_double_attribute(group, "time"),
                     static_cast<std::int64_t>(hdf5::dataset_shape(group, "id").rows), snapshot_contact_count(group)});
  }
  std::sort(snapshots.begin(), snapshots.end(),
            [](const SnapshotInfo& a, const SnapshotInfo& b) { return a.step < b.step; });
  return snapshots;
}

Snapshot read_snapshot(const std::string& path, std::int64_t step) {
  const hdf5::Handle file = hdf5::open_serial(path, hdf5::FileMode::read_only);
  const std::string name = snapshot_group_name(step);
  if (!hdf5::link_exists(file, name)) throw RunTimeFailure(path + ": no snapshot of step " + std::to_string(step));
  const hdf5::Handle group(H5Gopen2(file, name.c_str(), H5P_DEFAULT), "open " + name);
  Snapshot snapshot;
  snapshot.step = hdf5::read_int64_attribute(group, "step");
  snapshot.time = hdf5::read_double_attribute(group, "time");
  const hsize_t rows = hdf5::dataset_shape(group, "id").rows;
  const auto id = read_all_rows<std::int64_t>(group, "id", H5T_NATIVE_INT64, rows, 0);
  const auto position = read_all_rows<double>(group, "position", H5T_NATIVE_DOUBLE, rows, 3);
  const auto orientation = read_all_rows<double>(group, "orientation", H5T_NATIVE_DOUBLE, rows, 4);
  const auto shape = read_all_rows<std::int8_t>(group, "shape", H5T_NATIVE_INT8, rows, 0);
  const auto shape_params = read_all_rows<double>(group, "shape_params", H5T_NATIVE_DOUBLE, rows, 4);
  const auto velocity = read_all_rows<double>(group, "velocity", H5T_NATIVE_DOUBLE, rows, 3);
  const auto angular_velocity = read_all_rows<double>(group, "angular_velocity", H5T_NATIVE_DOUBLE, rows, 3);
  const auto force = read_all_rows<double>(group, "force", H5T_NATIVE_DOUBLE, rows, 3);
  const auto torque = read_all_rows<double>(group, "torque", H5T_NATIVE_DOUBLE, rows, 3);
  const auto owner = read_all_rows<std::int32_t>(group, "owner", H5T_NATIVE_INT32, rows, 0);
  for (std::size_t k = 0; k < rows; ++k) {
    particles::Body body;
    body.id = id[k];
    body.shape = shape_from_columns(
        shape[k], {shape_params[4 * k], shape_params[4 * k + 1], shape_params[4 * k + 2], shape_params[4 * k + 3]});
    body.pose.position = vec3_at(position, k);
    body.pose.orientation =
        Quaternion(orientation[4 * k], orientation[4 * k + 1], orientation[4 * k + 2], orientation[4 * k + 3]);
    body.velocity = vec3_at(velocity, k);
    body.angular_velocity = vec3_at(angular_velocity, k);
    body.force = vec3_at(force, k);
    body.torque = vec3_at(torque, k);
    snapshot.bodies.push_back(body);
    snapshot.owner.push_back(owner[k]);
  }
  snapshot.contacts = read_snapshot_contacts(group);
  return snapshot;
}

}  // namespace relcp::io
