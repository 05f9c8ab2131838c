#include "io/hdf5/snapshot_file.hpp"

#include <algorithm>
#include <array>
#include <cstdio>

#include "io/faults/collective_agreement.hpp"
#include "io/hdf5/hdf5_file.hpp"
#include "io/hdf5/hdf5_rows.hpp"
#include "io/hdf5/shape_columns.hpp"
#include "io/hdf5/snapshot_contacts.hpp"

namespace relcp::io {
namespace {

constexpr const char* kSnapshotsGroup = "/snapshots";
// A snapshot is written here and moved into /snapshots once complete, so that a write that
// fails half-way leaves no partial snapshot where readers look.
constexpr const char* kPartialSnapshot = "/partial_snapshot";

// The bodies' columns, in the memory layout of the datasets.
struct BodyColumns {
  std::vector<std::int64_t> id;
  std::vector<double> position, orientation, shape_params, velocity, angular_velocity, force, torque;
  std::vector<std::int8_t> shape;
  std::vector<std::int32_t> owner;
};

void append(std::vector<double>& column, const Vec3& v) { column.insert(column.end(), {v[0], v[1], v[2]}); }

BodyColumns columns_of(std::span<const particles::Body> owned, int rank) {
  BodyColumns c;
  for (const particles::Body& body : owned) {
    c.id.push_back(body.id);
    append(c.position, body.pose.position);
    const Quaternion& q = body.pose.orientation;
    c.orientation.insert(c.orientation.end(), {q.w(), q.x(), q.y(), q.z()});
    c.shape.push_back(shape_code(body.shape));
    const std::array<double, 4> parameters = shape_parameter_columns(body.shape);
    c.shape_params.insert(c.shape_params.end(), parameters.begin(), parameters.end());
    append(c.velocity, body.velocity);
    append(c.angular_velocity, body.angular_velocity);
    append(c.force, body.force);
    append(c.torque, body.torque);
    c.owner.push_back(rank);
  }
  return c;
}

herr_t collect_name(hid_t, const char* name, const H5L_info_t*, void* names) {
  static_cast<std::vector<std::string>*>(names)->emplace_back(name);
  return 0;
}

std::vector<std::string> snapshot_names(hid_t file) {
  std::vector<std::string> names;
  const hdf5::Handle group(H5Gopen2(file, kSnapshotsGroup, H5P_DEFAULT), "open /snapshots");
  hdf5::check(H5Literate(group, H5_INDEX_NAME, H5_ITER_INC, nullptr, collect_name, &names), "list /snapshots");
  return names;
}

}  // namespace

std::string snapshot_group_name(std::int64_t step) {
  std::array<char, 40> name{};
  std::snprintf(name.data(), name.size(), "%s/%08lld", kSnapshotsGroup, static_cast<long long>(step));
  return name.data();
}

void create_snapshot_file(MPI_Comm comm, const std::string& path) {
  with_failure_context("cannot create " + path, [&] {
    hdf5::Handle file = hdf5::open_parallel(comm, path, hdf5::FileMode::create);
    on_all_ranks(comm, [&] {
      hdf5::write_attribute(file, "format", std::string("relcp snapshots 1"));
      const hdf5::Handle group(H5Gcreate2(file, kSnapshotsGroup, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                               "create /snapshots");
    });
    on_all_ranks(comm, [&] { file.close_or_throw("close " + path); });
  });
}

std::vector<SnapshotInfo> keep_snapshots_through(MPI_Comm comm, const std::string& path, std::int64_t last_step) {
  std::vector<SnapshotInfo> kept;
  with_failure_context("cannot prepare " + path + " for the restart", [&] {
    hdf5::Handle file = hdf5::open_parallel(comm, path, hdf5::FileMode::read_write);
    on_all_ranks(comm, [&] {
      if (hdf5::link_exists(file, kPartialSnapshot)) {
        hdf5::check(H5Ldelete(file, kPartialSnapshot, H5P_DEFAULT), std::string("delete ") + kPartialSnapshot);
      }
      for (const std::string& name : snapshot_names(file)) {
        const std::string full = std::string(kSnapshotsGroup) + "/" + name;
        SnapshotInfo info;
        {
          const hdf5::Handle group(H5Gopen2(file, full.c_str(), H5P_DEFAULT), "open " + full);
          info.step = hdf5::read_int64_attribute(group, "step");
          info.time = hdf5::read_double_attribute(group, "time");
          info.bodies = static_cast<std::int64_t>(hdf5::dataset_shape(group, "id").rows);
          info.contacts = snapshot_contact_count(group);
        }
        if (info.step > last_step) {
          hdf5::check(H5Ldelete(file, full.c_str(), H5P_DEFAULT), "delete " + full);
        } else {
          kept.push_back(info);
        }
      }
    });
    on_all_ranks(comm, [&] { file.close_or_throw("close " + path); });
  });
  std::sort(kept.begin(), kept.end(), [](const SnapshotInfo& a, const SnapshotInfo& b) { return a.step < b.step; });
  return kept;
}

SnapshotInfo write_snapshot(MPI_Comm comm, const std::string& path, std::int64_t step, double time,
                            std::span<const particles::Body> owned, std::span<const collision::ContactLink> links) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  const BodyColumns c = columns_of(owned, rank);
  const hdf5::RowRange rows = hdf5::rows_of_rank(comm, owned.size());
  const std::string name = snapshot_group_name(step);
  std::int64_t contacts = 0;
  hdf5::Handle file;
  const auto drop_partial = [&] {
    if (file.get() >= 0) H5Ldelete(file, kPartialSnapshot, H5P_DEFAULT);
  };
  with_failure_context(
      "cannot write the snapshot of step " + std::to_string(step) + " to " + path,
      [&] {
        file = hdf5::open_parallel(comm, path, hdf5::FileMode::read_write);
        hdf5::Handle group;
        on_all_ranks(comm, [&] {
          if (hdf5::link_exists(file, kPartialSnapshot)) {
            hdf5::check(H5Ldelete(file, kPartialSnapshot, H5P_DEFAULT), std::string("delete ") + kPartialSnapshot);
          }
          group = hdf5::Handle(H5Gcreate2(file, kPartialSnapshot, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                               std::string("create ") + kPartialSnapshot);
          hdf5::write_attribute(group, "time", time);
          hdf5::write_attribute(group, "step", step);
        });
        const hdf5::Handle transfer = hdf5::collective_transfer();
        hdf5::write_rows(comm, group, "id", H5T_NATIVE_INT64, rows, 0, c.id.data(), transfer);
        hdf5::write_rows(comm, group, "position", H5T_NATIVE_DOUBLE, rows, 3, c.position.data(), transfer);
        hdf5::write_rows(comm, group, "orientation", H5T_NATIVE_DOUBLE, rows, 4, c.orientation.data(), transfer);
        hdf5::write_rows(comm, group, "shape", H5T_NATIVE_INT8, rows, 0, c.shape.data(), transfer);
        hdf5::write_rows(comm, group, "shape_params", H5T_NATIVE_DOUBLE, rows, 4, c.shape_params.data(), transfer);
        hdf5::write_rows(comm, group, "velocity", H5T_NATIVE_DOUBLE, rows, 3, c.velocity.data(), transfer);
        hdf5::write_rows(comm, group, "angular_velocity", H5T_NATIVE_DOUBLE, rows, 3, c.angular_velocity.data(),
                         transfer);
        hdf5::write_rows(comm, group, "force", H5T_NATIVE_DOUBLE, rows, 3, c.force.data(), transfer);
        hdf5::write_rows(comm, group, "torque", H5T_NATIVE_DOUBLE, rows, 3, c.torque.data(), transfer);
        hdf5::write_rows(comm, group, "owner", H5T_NATIVE_INT32, rows, 0, c.owner.data(), transfer);
        contacts = write_snapshot_contacts(comm, group, links, transfer);
        group.close();
        on_all_ranks(comm, [&] {
          if (hdf5::link_exists(file, name)) hdf5::check(H5Ldelete(file, name.c_str(), H5P_DEFAULT), "replace " + name);
          hdf5::check(H5Lmove(file, kPartialSnapshot, file, name.c_str(), H5P_DEFAULT, H5P_DEFAULT),
                      "complete " + name);
        });
        on_all_ranks(comm, [&] { file.close_or_throw("close " + path); });
      },
      drop_partial);
  return SnapshotInfo{step, time, static_cast<std::int64_t>(rows.total), contacts};
}

}  // namespace relcp::io
