#include "io/hdf5/snapshot_contacts.hpp"

#include "io/faults/collective_agreement.hpp"
#include "io/hdf5/dataset_columns.hpp"
#include "io/hdf5/hdf5_file.hpp"
#include "io/hdf5/hdf5_rows.hpp"

namespace relcp::io {
namespace {

constexpr const char* kContactsGroup = "contacts";

struct LinkColumns {
  std::vector<double> points, normal, force, tangential_force, resistance_torque;
  std::vector<std::int64_t> body_a, body_b;
};

void append(std::vector<double>& column, const Vec3& v) { column.insert(column.end(), {v[0], v[1], v[2]}); }

LinkColumns columns_of(std::span<const collision::ContactLink> links) {
  LinkColumns c;
  for (const collision::ContactLink& link : links) {
    append(c.points, link.point_a);
    append(c.points, link.point_b);
    append(c.normal, link.normal);
    c.force.push_back(link.force);
    append(c.tangential_force, link.tangential_force);
    append(c.resistance_torque, link.resistance_torque);
    c.body_a.push_back(link.body_a);
    c.body_b.push_back(link.body_b);
  }
  return c;
}

}  // namespace

std::int64_t write_snapshot_contacts(MPI_Comm comm, hid_t snapshot_group, std::span<const collision::ContactLink> links,
                                     hid_t transfer) {
  const LinkColumns c = columns_of(links);
  const hdf5::RowRange rows = hdf5::rows_of_rank(comm, links.size());
  const hdf5::RowRange point_rows{2 * rows.total, 2 * rows.first, 2 * rows.count};
  const auto count = static_cast<std::int64_t>(rows.total);
  hdf5::Handle group;
  on_all_ranks(comm, [&] {
    group = hdf5::Handle(H5Gcreate2(snapshot_group, kContactsGroup, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                         "create contacts");
    hdf5::write_attribute(group, "count", count);
  });
  hdf5::write_rows(comm, group, "points", H5T_NATIVE_DOUBLE, point_rows, 3, c.points.data(), transfer);
  hdf5::write_rows(comm, group, "normal", H5T_NATIVE_DOUBLE, rows, 3, c.normal.data(), transfer);
  hdf5::write_rows(comm, group, "force", H5T_NATIVE_DOUBLE, rows, 0, c.force.data(), transfer);
  hdf5::write_rows(comm, group, "tangential_force", H5T_NATIVE_DOUBLE, rows, 3, c.tangential_force.data(), transfer);
  hdf5::write_rows(comm, group, "resistance_torque", H5T_NATIVE_DOUBLE, rows, 3, c.resistance_torque.data(), transfer);
  hdf5::write_rows(comm, group, "body_a", H5T_NATIVE_INT64, rows, 0, c.body_a.data(), transfer);
  hdf5::write_rows(comm, group, "body_b", H5T_NATIVE_INT64, rows, 0, c.body_b.data(), transfer);
  return count;
}

std::int64_t snapshot_contact_count(hid_t snapshot_group) {
  if (!hdf5::link_exists(snapshot_group, kContactsGroup)) return 0;
  const hdf5::Handle group(H5Gopen2(snapshot_group, kContactsGroup, H5P_DEFAULT), "open contacts");
  return hdf5::read_int64_attribute(group, "count");
}

std::vector<collision::ContactLink> read_snapshot_contacts(hid_t snapshot_group) {
  const auto n = static_cast<hsize_t>(snapshot_contact_count(snapshot_group));
  std::vector<collision::ContactLink> links;
  if (n == 0) return links;
  const hdf5::Handle group(H5Gopen2(snapshot_group, kContactsGroup, H5P_DEFAULT), "open contacts");
  const auto points = read_all_rows<double>(group, "points", H5T_NATIVE_DOUBLE, 2 * n, 3);
  const auto normal = read_all_rows<double>(group, "normal", H5T_NATIVE_DOUBLE, n, 3);
  const auto force = read_all_rows<double>(group, "force", H5T_NATIVE_DOUBLE, n, 0);
  const auto body_a = read_all_rows<std::int64_t>(group, "body_a", H5T_NATIVE_INT64, n, 0);
  const auto body_b = read_all_rows<std::int64_t>(group, "body_b", H5T_NATIVE_INT64, n, 0);
  // Files written before friction have no tangential forces, before rolling resistance no torques.
  const auto optional_vectors = [&](const char* name) {
    return hdf5::link_exists(group, name) ? read_all_rows<double>(group, name, H5T_NATIVE_DOUBLE, n, 3)
                                          : std::vector<double>(3 * n, 0.0);
  };
  const auto tangential_force = optional_vectors("tangential_force");
  const auto resistance_torque = optional_vectors("resistance_torque");
  for (std::size_t k = 0; k < n; ++k) {
    collision::ContactLink link;
    link.point_a = vec3_at(points, 2 * k);
    link.point_b = vec3_at(points, 2 * k + 1);
    link.normal = vec3_at(normal, k);
    link.force = force[k];
    link.tangential_force = vec3_at(tangential_force, k);
    link.resistance_torque = vec3_at(resistance_torque, k);
    link.body_a = body_a[k];
    link.body_b = body_b[k];
    links.push_back(link);
  }
  return links;
}

}  // namespace relcp::io
