#pragma once
// The content of a scenario file after validation (docs/scenario.md). read_scenario() fills it;
// every value here has passed its checks, so the driver does not check again.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/types.hpp"
#include "dynamics/cell_growth.hpp"
#include "geometry/shapes/shape.hpp"
#include "io/scenario/body_yaml.hpp"
#include "io/scenario/collision_settings.hpp"
#include "io/yaml/source_location.hpp"
#include "io/yaml/source_mark.hpp"
#include "particles/chainmail_lattice.hpp"
#include "particles/domain.hpp"
#include "particles/partitioner.hpp"
#include "particles/random_placement.hpp"

namespace relcp::io {

struct OutputSettings {
  std::string directory = "out";
  std::int64_t snapshot_every = 0;    // 0: the first and the last step only
  std::int64_t checkpoint_every = 0;  // 0: never
};

struct SimulationSettings {
  double dt = 0.0;
  std::int64_t steps = 0;  // `steps`, or `end_time` / dt rounded up
  std::uint64_t seed = 0;
  OutputSettings output;
  // Wall time the run may take before it stops with a checkpoint (docs/running.md, "Batch
  // jobs"); unset: no limit.
  std::optional<double> max_wall_seconds;
};

enum class DynamicsKind { overdamped, inertial };

struct DynamicsSettings {
  DynamicsKind kind = DynamicsKind::overdamped;
  double drag = 1.0;     // overdamped: xi of the local drag mobility
  double density = 1.0;  // inertial
};

struct ListedBody {
  BodyDescription description;
  Vec3 velocity = Vec3::Zero();
  Vec3 angular_velocity = Vec3::Zero();
};

// `type: random`. The placement's seed and first id are chosen when the bodies are built.
struct RandomGenerator {
  particles::RandomPlacement placement;
  SourceLocation count_location;  // where a failure to place the bodies is reported
};

// `type: chainmail`. The lattice's first id is chosen when the bodies are built.
struct ChainmailGenerator {
  particles::ChainmailLattice lattice;
};

using GeneratorSettings = std::variant<RandomGenerator, ChainmailGenerator>;

// The number of bodies a generator makes, and the shape they all have.
std::int64_t generated_count(const GeneratorSettings& generator);
geometry::Shape generated_shape(const GeneratorSettings& generator);

struct RadialForceSettings {
  Vec3 center = Vec3::Zero();
  double sign = -1.0;
  double scale = 1.0;
};

struct ConstantForceSettings {
  Vec3 force = Vec3::Zero();
};

struct BodyLoadSettings {
  GlobalId id = -1;
  Vec3 force = Vec3::Zero();
  Vec3 torque = Vec3::Zero();
};

// `gravity`: m g on every body (inertial dynamics: m from the density).
struct GravitySettings {
  Vec3 acceleration = Vec3::Zero();
};

using ForceSettings = std::variant<RadialForceSettings, ConstantForceSettings, BodyLoadSettings, GravitySettings>;

struct ParallelSettings {
  particles::PartitionMethod partitioner = particles::PartitionMethod::rcb;
  std::int64_t rebalance_every = 50;  // 0: only at the start
};

// Where the values that the checks across sections look at were written; the sections' readers
// give them, validate_scenario() names them in its messages. A mark of a key that was not written
// points at its section (or at the document), with the key's path.
struct ScenarioMarks {
  SourceMark bodies;                            // `bodies`, or the document when it has none
  SourceMark growth_rate;                       // growth.rate
  SourceMark growth_divide_at;                  // growth.divide_at
  SourceMark search_buffer;                     // collision.search_buffer, or the collision section
  std::optional<SourceMark> multisphere_count;  // collision.multisphere_count, when written
  SourceMark solver;                            // collision.solver
  SourceMark preconditioner;                    // collision.preconditioner
  // collision.friction, collision.rolling_friction, collision.spinning_friction
  std::array<SourceMark, 3> pair_friction;
  SourceMark walls;  // the walls section
  // walls[i].friction, walls[i].rolling_friction, walls[i].spinning_friction
  std::array<std::vector<SourceMark>, 3> wall_friction;
  std::vector<SourceMark> force_types;  // forces[i].type
};

struct Scenario {
  std::string file;
  SimulationSettings simulation;
  particles::Domain domain;  // open in every direction unless `domain` says otherwise
  DynamicsSettings dynamics;
  std::vector<ListedBody> bodies;
  std::vector<GeneratorSettings> generators;
  std::vector<ForceSettings> forces;
  std::optional<dynamics::GrowthOptions> growth;  // its seed is simulation.seed
  CollisionSettings collision;
  std::vector<geometry::HalfSpace> walls;  // unit normals toward the bodies' side
  ParallelSettings parallel;
  ScenarioMarks marks;

  bool monolayer() const { return growth && growth->monolayer; }
};

}  // namespace relcp::io
