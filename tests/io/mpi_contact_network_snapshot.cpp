// The constraint network in the snapshots: two ellipsoids pushed together (configs/
// two_ellipsoids.yaml, started near contact) leave links with a positive force between the
// right bodies, whose points lie on the two surfaces, the same on every rank count; the XDMF
// file lists them as a second grid; stats.csv has the model overlap beside the true one.

#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

#include "core/logging.hpp"
#include "geometry/distance/point_ellipsoid_distance.hpp"
#include "io/hdf5/snapshot_reader.hpp"
#include "io/run/simulation_driver.hpp"
#include "io/scenario/scenario_reader.hpp"
#include "mpi_scratch_directory.hpp"

namespace relcp::io {
namespace {

using collision::ContactLink;

constexpr std::int64_t kSteps = 10;

int rank_in(MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  return rank;
}

// The Fig. 3 pair of the paper with the gap nearly closed: they touch at dy = 3.0, here
// dy = 3.02 closing at 0.5, so the contact forms after about 4 of the 10 steps.
std::string two_ellipsoids(const std::string& strategy) {
  return R"(simulation:
  dt: 0.01
  steps: 10
  output: {snapshot_every: 1, checkpoint_every: 0}
dynamics: {type: overdamped, drag: 1.0}
bodies:
  - {shape: ellipsoid, radii: [2.0, 1.0, 1.0], position: [0.5, 1.51, 0.0],
     orientation: [0.9238795325112867, 0.0, 0.0, 0.3826834323650898]}
  - {shape: ellipsoid, radii: [2.0, 1.0, 1.0], position: [-0.5, -1.51, 0.0],
     orientation: [0.9238795325112867, 0.0, 0.0, 0.3826834323650898]}
forces:
  - {type: body, id: 0, force: [0, -1, 0]}
  - {type: body, id: 1, force: [0, 1, 0]}
collision: {strategy: )" +
         strategy + R"(, tolerance: 1.0e-5, multisphere_count: 13}
)";
}

// Runs the scenario on `comm` into dir/name; every rank of `comm` must call.
void run_on(MPI_Comm comm, const testing::ScratchDirectory& dir, const std::string& name, const std::string& text) {
  const std::string path = dir / (name + ".yaml");
  if (rank_in(comm) == 0) std::ofstream(path) << text;
  MPI_Barrier(comm);
  configure_logging("warn", rank_in(comm));
  SimulationOptions options;
  options.output_directory = dir / name;
  options.show_progress = false;
  Simulation simulation(comm, load_scenario(path), options);
  simulation.run();
}

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> cells;
  std::stringstream in(line);
  for (std::string cell; std::getline(in, cell, ',');) cells.push_back(cell);
  return cells;
}

// stats.csv as rows of named cells.
std::vector<std::map<std::string, std::string>> stats_of(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  const std::vector<std::string> header = split(line);
  std::vector<std::map<std::string, std::string>> rows;
  while (std::getline(in, line)) {
    const std::vector<std::string> cells = split(line);
    std::map<std::string, std::string> row;
    for (std::size_t k = 0; k < header.size() && k < cells.size(); ++k) row[header[k]] = cells[k];
    rows.push_back(row);
  }
  return rows;
}

std::vector<ContactLink> sorted_links(std::vector<ContactLink> links) {
  const auto key = [](const ContactLink& l) {
    return std::make_tuple(l.body_a, l.body_b, l.point_a.x(), l.point_a.y(), l.point_a.z());
  };
  std::sort(links.begin(), links.end(), [&](const auto& x, const auto& y) { return key(x) < key(y); });
  return links;
}

const particles::Body& body_with_id(const std::vector<particles::Body>& bodies, GlobalId id) {
  const auto found = std::find_if(bodies.begin(), bodies.end(), [id](const auto& b) { return b.id == id; });
  if (found == bodies.end()) throw std::runtime_error("no body " + std::to_string(id));
  return *found;
}

double signed_distance(const particles::Body& body, const Vec3& point) {
  const Vec3 local = body.pose.orientation.conjugate() * (point - body.pose.position);
  return geometry::closest_point_on_ellipsoid(std::get<geometry::Ellipsoid>(body.shape).radii, local).signed_distance;
}

std::string text_of(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Rank 0 alone (its ASSERTs leave this function, not the test, so the ranks stay in step).
void check_relcp_network(const testing::ScratchDirectory& dir) {
  const auto stats = stats_of(dir / "world/stats.csv");
  ASSERT_EQ(stats.size(), static_cast<std::size_t>(kSteps));
  for (const auto& row : stats) EXPECT_EQ(row.at("max_model_overlap"), row.at("max_overlap"));

  const Snapshot last = read_snapshot(dir / "world/relcp.h5", kSteps);
  ASSERT_GE(last.contacts.size(), 1u);
  EXPECT_EQ(static_cast<std::int64_t>(last.contacts.size()), std::stoll(stats.back().at("constraints")));
  double largest_force = 0.0;
  for (const ContactLink& link : last.contacts) {
    EXPECT_EQ(link.body_a, 0);
    EXPECT_EQ(link.body_b, 1);
    EXPECT_GE(link.force, 0.0);
    EXPECT_NEAR(link.normal.norm(), 1.0, 1e-12);
    largest_force = std::max(largest_force, link.force);
  }
  EXPECT_GT(largest_force, 0.1);  // the unit pushes are carried by the contact

  // The points of a step solved once were built at its start, the previous snapshot: there they
  // lie on the two surfaces. (A row ReLCP adds lies on the surfaces of a trial configuration.)
  std::int64_t checked = 0;
  for (std::int64_t step = kSteps; step >= 1 && checked == 0; --step) {
    if (stats[static_cast<std::size_t>(step - 1)].at("relcp_iterations") != "1") continue;
    const Snapshot snapshot = read_snapshot(dir / "world/relcp.h5", step);
    const Snapshot before = read_snapshot(dir / "world/relcp.h5", step - 1);
    if (std::none_of(snapshot.contacts.begin(), snapshot.contacts.end(), [](const auto& l) { return l.force > 0; })) {
      continue;
    }
    for (const ContactLink& link : snapshot.contacts) {
      const particles::Body& a = body_with_id(before.bodies, link.body_a);
      const particles::Body& b = body_with_id(before.bodies, link.body_b);
      EXPECT_NEAR(signed_distance(a, link.point_a), 0.0, 1e-8) << "step " << step;
      EXPECT_NEAR(signed_distance(b, link.point_b), 0.0, 1e-8) << "step " << step;
      EXPECT_GT(link.normal.dot(b.pose.position - a.pose.position), 0.0);  // from A toward B
      ++checked;
    }
  }
  EXPECT_GT(checked, 0) << "no step with a force was solved in one ReLCP iteration";

  const std::vector<ContactLink> world_links = sorted_links(last.contacts);
  const std::vector<ContactLink> alone_links = sorted_links(read_snapshot(dir / "alone/relcp.h5", kSteps).contacts);
  ASSERT_EQ(world_links.size(), alone_links.size());
  for (std::size_t k = 0; k < world_links.size(); ++k) {
    EXPECT_EQ(world_links[k].body_a, alone_links[k].body_a);
    EXPECT_EQ(world_links[k].body_b, alone_links[k].body_b);
    EXPECT_LT((world_links[k].point_a - alone_links[k].point_a).norm(), 1e-9);
    EXPECT_LT((world_links[k].point_b - alone_links[k].point_b).norm(), 1e-9);
    EXPECT_LT((world_links[k].normal - alone_links[k].normal).norm(), 1e-9);
    EXPECT_NEAR(world_links[k].force, alone_links[k].force, 1e-6);
  }

  // The XDMF file: no contacts grid at step 0, one with every link at the last step.
  const std::vector<SnapshotInfo> snapshots = list_snapshots(dir / "world/relcp.h5");
  EXPECT_EQ(snapshots.front().contacts, 0);
  EXPECT_EQ(snapshots.back().contacts, static_cast<std::int64_t>(last.contacts.size()));
  const std::string xml = text_of(dir / "world/relcp.xmf");
  EXPECT_EQ(xml.find("<Grid Name=\"contacts 0\""), std::string::npos);
  const std::size_t final_step = xml.find("<Grid Name=\"contacts " + std::to_string(kSteps) + "\"");
  ASSERT_NE(final_step, std::string::npos);
  EXPECT_NE(xml.find("<Topology TopologyType=\"Polyline\" NumberOfElements=\"" + std::to_string(last.contacts.size()) +
                         "\" NodesPerElement=\"2\" />",
                     final_step),
            std::string::npos);
}

TEST(ContactNetworkSnapshot, PushedEllipsoidsLeaveLinksOnTheirSurfacesOnEveryRankCount) {
  const MPI_Comm world = MPI_COMM_WORLD;
  const testing::ScratchDirectory dir(world, "relcp_network");
  run_on(world, dir, "world", two_ellipsoids("relcp"));
  if (rank_in(world) == 0) run_on(MPI_COMM_SELF, dir, "alone", two_ellipsoids("relcp"));
  MPI_Barrier(world);
  if (rank_in(world) == 0) check_relcp_network(dir);
  MPI_Barrier(world);
}

void check_multisphere_overlaps(const testing::ScratchDirectory& dir) {
  const auto stats = stats_of(dir / "multisphere/stats.csv");
  ASSERT_EQ(stats.size(), static_cast<std::size_t>(kSteps));
  const auto& last = stats.back();
  const double model = std::stod(last.at("max_model_overlap"));
  const double surface = std::stod(last.at("max_overlap"));
  // The LCP constrains the linearized sub-sphere gaps: what is left is tiny, unlike the
  // overlap of the true surfaces, which the sub-spheres do not see.
  EXPECT_LT(model, 1e-4);
  EXPECT_NE(model, surface);
  const Snapshot snapshot = read_snapshot(dir / "multisphere/relcp.h5", kSteps);
  EXPECT_EQ(static_cast<std::int64_t>(snapshot.contacts.size()), std::stoll(last.at("constraints")));
  EXPECT_TRUE(std::any_of(snapshot.contacts.begin(), snapshot.contacts.end(),
                          [](const ContactLink& l) { return l.force > 0.0; }));
}

TEST(ContactNetworkSnapshot, MultisphereReportsTheSubSphereOverlapBesideTheTrueOne) {
  const MPI_Comm world = MPI_COMM_WORLD;
  const testing::ScratchDirectory dir(world, "relcp_network");
  run_on(world, dir, "multisphere", two_ellipsoids("multisphere"));
  if (rank_in(world) == 0) check_multisphere_overlaps(dir);
  MPI_Barrier(world);
}

}  // namespace
}  // namespace relcp::io
