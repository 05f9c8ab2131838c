// Reading whole scenarios: every section's values and defaults, end_time -> steps, and errors
// that name the file, line and key path.

#include <gtest/gtest.h>

#include <variant>

#include "core/error.hpp"
#include "collision/solvers/body_space_parameters.hpp"
#include "collision/solvers/minmap_parameters.hpp"
#include "io/scenario/scenario_reader.hpp"

namespace relcp::io {
namespace {

Scenario parse(const std::string& text) { return read_scenario(YamlNodeReader(YAML::Load(text), "s.yaml")); }

// The parameter structs the solvers make from a scenario's collision section.
collision::BodySpaceParameters body_space(const Scenario& scenario) {
  return collision::BodySpaceParameters::from(scenario.collision.contact.solver.parameters);
}
collision::MinMapParameters minmap(const Scenario& scenario) {
  return collision::MinMapParameters::from(scenario.collision.contact.solver.parameters);
}

InputError error_of(const std::string& text) {
  try {
    parse(text);
  } catch (const InputError& error) {
    return error;
  }
  ADD_FAILURE() << "no InputError for:\n" << text;
  return InputError("", "");
}

const std::string kFull = R"(simulation:
  dt: 0.01
  steps: 1000
  seed: 42
  output: {directory: results, snapshot_every: 10, checkpoint_every: 100}
domain: {lower: [-50, -50, -50], upper: [50, 50, 50], periodic: [true, false, true]}
dynamics: {type: overdamped, drag: 2.5}
bodies:
  - {shape: sphere, radius: 1.0, position: [1, 2, 3], velocity: [1, 0, 0], angular_velocity: [0, 0, 2]}
  - {shape: torus, major_radius: 1.0, minor_radius: 0.1, position: [5, 0, 0], orientation: [0, 0, 0, 2]}
generators:
  - {type: random, count: 1000, region: {lower: [-40, -40, -40], upper: [40, 40, 40]},
     body: {shape: ellipsoid, radii: [1, 1, 2]}, orientation: random, min_gap: 0.1}
  - {type: random, count: 3, region: {lower: [0, 0, 0], upper: [1, 1, 1]},
     body: {shape: spherocylinder, radius: 0.25, length: 1.5}, orientation: [1, 0, 0, 0]}
forces:
  - {type: radial, center: [0, 0, 1], sign: -1, scale: 1.5}
  - {type: constant, force: [0, 0, -9.81]}
  - {type: body, id: 3, force: [1, 0, 0], torque: [0, 0, 1]}
growth: {rate: 1.0, divide_at: 4.0, angle_noise_deg: 0.01, monolayer: true}
collision: {strategy: none}
parallel: {partitioner: multijagged, rebalance_every: 25}
)";

TEST(ScenarioReader, ReadsEverySection) {
  const Scenario s = parse(kFull);
  EXPECT_EQ(s.file, "s.yaml");
  EXPECT_EQ(s.simulation.dt, 0.01);
  EXPECT_EQ(s.simulation.steps, 1000);
  EXPECT_EQ(s.simulation.seed, 42u);
  EXPECT_EQ(s.simulation.output.directory, "results");
  EXPECT_EQ(s.simulation.output.snapshot_every, 10);
  EXPECT_EQ(s.simulation.output.checkpoint_every, 100);
  EXPECT_EQ(s.domain.lower, Vec3::Constant(-50));
  EXPECT_EQ(s.domain.upper, Vec3::Constant(50));
  EXPECT_EQ(s.domain.periodic, (std::array<bool, 3>{true, false, true}));
  EXPECT_EQ(s.dynamics.kind, DynamicsKind::overdamped);
  EXPECT_EQ(s.dynamics.drag, 2.5);

  ASSERT_EQ(s.bodies.size(), 2u);
  EXPECT_EQ(s.bodies[0].velocity, Vec3(1, 0, 0));
  EXPECT_EQ(s.bodies[0].angular_velocity, Vec3(0, 0, 2));
  EXPECT_EQ(s.bodies[0].description.pose.position, Vec3(1, 2, 3));
  EXPECT_TRUE(std::holds_alternative<geometry::Torus>(s.bodies[1].description.shape));
  EXPECT_EQ(s.bodies[1].velocity, Vec3::Zero());

  ASSERT_EQ(s.generators.size(), 2u);
  const auto& random = std::get<RandomGenerator>(s.generators[0]);
  const particles::RandomPlacement& first = random.placement;
  EXPECT_EQ(first.count, 1000);
  EXPECT_EQ(first.orientation, particles::OrientationMode::random);
  EXPECT_EQ(first.min_gap, 0.1);
  EXPECT_EQ(std::get<geometry::Ellipsoid>(first.shape).radii, Vec3(1, 1, 2));
  EXPECT_EQ(random.count_location.line, 12);
  EXPECT_EQ(random.count_location.key_path, "generators[0].count");
  EXPECT_EQ(std::get<RandomGenerator>(s.generators[1]).placement.orientation, particles::OrientationMode::fixed);

  ASSERT_EQ(s.forces.size(), 3u);
  const auto& radial = std::get<RadialForceSettings>(s.forces[0]);
  EXPECT_EQ(radial.center, Vec3(0, 0, 1));
  EXPECT_EQ(radial.sign, -1.0);
  EXPECT_EQ(radial.scale, 1.5);
  EXPECT_EQ(std::get<ConstantForceSettings>(s.forces[1]).force, Vec3(0, 0, -9.81));
  EXPECT_EQ(std::get<BodyLoadSettings>(s.forces[2]).id, 3);

  ASSERT_TRUE(s.growth.has_value());
  EXPECT_EQ(s.growth->rate, 1.0);
  EXPECT_EQ(s.growth->divide_at, 4.0);
  EXPECT_EQ(s.growth->angle_noise_deg, 0.01);
  EXPECT_EQ(s.growth->seed, 42u);  // the scenario's seed
  EXPECT_TRUE(s.monolayer());
  EXPECT_FALSE(s.collision.enabled);
  EXPECT_EQ(s.parallel.partitioner, particles::PartitionMethod::multijagged);
  EXPECT_EQ(s.parallel.rebalance_every, 25);
}

TEST(ScenarioReader, OptionalSectionsHaveDefaults) {
  const Scenario s = parse(
      "simulation: {dt: 0.5, steps: 3}\n"
      "dynamics: {type: inertial}\n"
      "bodies: [{shape: sphere, radius: 1, position: [0, 0, 0]}]\n");
  EXPECT_EQ(s.simulation.seed, 0u);
  EXPECT_EQ(s.simulation.output.directory, "out");
  EXPECT_EQ(s.simulation.output.snapshot_every, 0);
  EXPECT_EQ(s.simulation.output.checkpoint_every, 0);
  EXPECT_FALSE(s.domain.any_periodic());
  EXPECT_EQ(s.dynamics.kind, DynamicsKind::inertial);
  EXPECT_EQ(s.dynamics.density, 1.0);
  EXPECT_TRUE(s.generators.empty());
  EXPECT_TRUE(s.forces.empty());
  EXPECT_FALSE(s.growth.has_value());
  EXPECT_FALSE(s.monolayer());
  EXPECT_FALSE(s.collision.enabled);
  EXPECT_EQ(s.parallel.partitioner, particles::PartitionMethod::rcb);
  EXPECT_EQ(s.parallel.rebalance_every, 50);
}

TEST(ScenarioReader, EndTimeGivesTheStepsThatReachIt) {
  const auto steps_for = [](const std::string& dt, const std::string& end_time) {
    return parse("simulation: {dt: " + dt + ", end_time: " + end_time +
                 "}\ndynamics: {type: overdamped}\nbodies: [{shape: sphere, radius: 1, position: [0, 0, 0]}]\n")
        .simulation.steps;
  };
  EXPECT_EQ(steps_for("0.1", "1.0"), 10);  // 1.0 / 0.1 = 9.999999999999998
  EXPECT_EQ(steps_for("0.01", "10"), 1000);
  EXPECT_EQ(steps_for("0.3", "1.0"), 4);  // the last step ends past end_time
  EXPECT_EQ(steps_for("0.5", "0"), 0);
}

TEST(ScenarioReader, CollisionPreconditionerIsAutomaticUnlessNoneOrJacobiIsAsked) {
  const std::string head =
      "simulation: {dt: 0.01, steps: 10}\ndynamics: {type: overdamped}\n"
      "bodies: [{shape: sphere, radius: 1, position: [0, 0, 0]}]\n";
  EXPECT_EQ(parse(head + "collision: {strategy: relcp}\n").collision.contact.solver.preconditioner,
            collision::DistributedPreconditioner::automatic);
  EXPECT_EQ(parse(head + "collision: {preconditioner: auto, solver: nsgs}\n").collision.contact.solver.preconditioner,
            collision::DistributedPreconditioner::automatic);
  EXPECT_EQ(
      parse(head + "collision: {strategy: relcp, preconditioner: none}\n").collision.contact.solver.preconditioner,
      collision::DistributedPreconditioner::none);
  EXPECT_EQ(parse(head + "collision: {preconditioner: jacobi, solver: apgd}\n").collision.contact.solver.preconditioner,
            collision::DistributedPreconditioner::jacobi);
  const InputError unknown = error_of(head + "collision: {preconditioner: ilu}\n");
  EXPECT_EQ(unknown.key(), "collision.preconditioner");
  // minmap and alm take no preconditioner, whichever key comes first.
  for (const std::string solver : {"minmap", "alm", "ip"}) {
    const InputError refused = error_of(head + "collision: {preconditioner: jacobi, solver: " + solver + "}\n");
    EXPECT_EQ(refused.key(), "collision.preconditioner");
    EXPECT_NE(refused.message().find(solver), std::string::npos);
  }
  EXPECT_EQ(parse(head + "collision: {solver: alm}\n").collision.contact.solver.name, "alm");
  EXPECT_EQ(body_space(parse(head + "collision: {solver: alm, alm_penalty: 1.0e4}\n")).penalty, 1e4);
  EXPECT_EQ(error_of(head + "collision: {solver: alm, alm_penalty: -1}\n").key(), "collision.alm_penalty");
  EXPECT_EQ(body_space(parse(head + "collision: {solver: alm}\n")).update_fraction, 0.02);
  EXPECT_EQ(body_space(parse(head + "collision: {solver: alm, newton_update_fraction: 0.25}\n")).update_fraction, 0.25);
  EXPECT_EQ(body_space(parse(head + "collision: {solver: alm, newton_update_fraction: 0}\n")).update_fraction, 0.0);
  for (const char* bad : {"1.5", "-0.1", "many"}) {
    EXPECT_EQ(error_of(head + "collision: {solver: alm, newton_update_fraction: " + bad + "}\n").key(),
              "collision.newton_update_fraction")
        << bad;
  }
  EXPECT_EQ(body_space(parse(head + "collision: {solver: alm}\n")).factorization,
            collision::AlmFactorization::automatic);
  EXPECT_EQ(body_space(parse(head + "collision: {solver: alm, alm_factorization: distributed}\n")).factorization,
            collision::AlmFactorization::distributed);
  EXPECT_EQ(body_space(parse(head + "collision: {solver: alm, alm_factorization: gathered}\n")).factorization,
            collision::AlmFactorization::gathered);
  EXPECT_EQ(body_space(parse(head + "collision: {solver: alm, alm_factorization: substructured}\n")).factorization,
            collision::AlmFactorization::substructured);
  EXPECT_EQ(error_of(head + "collision: {solver: alm, alm_factorization: mumps}\n").key(),
            "collision.alm_factorization");
}

TEST(ScenarioReader, CollisionMinmapKeysReachTheContactSettings) {
  const std::string head =
      "simulation: {dt: 0.01, steps: 10}\ndynamics: {type: overdamped}\n"
      "bodies: [{shape: sphere, radius: 1, position: [0, 0, 0]}]\n";
  // Defaults: those of MinMapParameters.
  const collision::MinMapParameters defaults = minmap(parse(head + "collision: {solver: minmap}\n"));
  const collision::MinMapParameters built_in;
  EXPECT_EQ(defaults.krylov, built_in.krylov);
  EXPECT_EQ(defaults.krylov_max_iterations, built_in.krylov_max_iterations);
  EXPECT_EQ(defaults.regularization, built_in.regularization);

  const collision::MinMapParameters set =
      minmap(parse(head + "collision: {solver: minmap, minmap_krylov: gmres, minmap_krylov_iterations: 50,\n"
                          "            minmap_regularization: 0.01}\n"));
  EXPECT_EQ(set.krylov, collision::KrylovMethod::gmres);
  EXPECT_EQ(set.krylov_max_iterations, 50);
  EXPECT_EQ(set.regularization, 0.01);
  EXPECT_EQ(minmap(parse(head + "collision: {solver: minmap, minmap_krylov: cg}\n")).krylov,
            collision::KrylovMethod::cg);
  EXPECT_EQ(minmap(parse(head + "collision: {solver: minmap, minmap_regularization: 0}\n")).regularization, 0.0);
  // Like alm_penalty: accepted with any solver, used by minmap only.
  EXPECT_EQ(minmap(parse(head + "collision: {solver: bbpgd, minmap_krylov_iterations: 7}\n")).krylov_max_iterations, 7);

  for (const std::string bad : {"bicgstab", "1", "[cg]"}) {
    const InputError error = error_of(head + "collision: {solver: minmap, minmap_krylov: " + bad + "}\n");
    EXPECT_EQ(error.key(), "collision.minmap_krylov") << bad;
  }
  EXPECT_NE(error_of(head + "collision: {minmap_krylov: bicgstab}\n").message().find("gmres"), std::string::npos);
  for (const std::string bad : {"0", "-3", "2.5", "many", "1e12"}) {
    const InputError error = error_of(head + "collision: {solver: minmap, minmap_krylov_iterations: " + bad + "}\n");
    EXPECT_EQ(error.key(), "collision.minmap_krylov_iterations") << bad;
  }
  for (const std::string bad : {"-1e-4", ".inf", ".nan", "small"}) {
    const InputError error = error_of(head + "collision: {solver: minmap, minmap_regularization: " + bad + "}\n");
    EXPECT_EQ(error.key(), "collision.minmap_regularization") << bad;
  }
}

TEST(ScenarioReader, ErrorsNameFileLineAndKeyPath) {
  const std::string head = "simulation: {dt: 0.01, steps: 10}\ndynamics: {type: overdamped}\n";
  const InputError shape = error_of(head + "bodies:\n  - {shape: cube, position: [0, 0, 0]}\n");
  EXPECT_EQ(shape.file(), "s.yaml");
  EXPECT_EQ(shape.line(), 4);
  EXPECT_EQ(shape.key(), "bodies[0].shape");

  const InputError missing_simulation = error_of("dynamics: {type: overdamped}\n");
  EXPECT_EQ(missing_simulation.key(), "simulation");
  EXPECT_EQ(missing_simulation.message(), "missing");

  const InputError not_a_map = error_of("- 1\n- 2\n");
  EXPECT_NE(not_a_map.message().find("mapping"), std::string::npos);

  const InputError orientation =
      error_of(head +
               "generators:\n  - {type: random, count: 1, region: {lower: [0, 0, 0], upper: [1, 1, 1]},\n"
               "     body: {shape: sphere, radius: 1}, orientation: sideways}\n");
  EXPECT_EQ(orientation.key(), "generators[0].orientation");
  EXPECT_EQ(orientation.line(), 5);

  const InputError position_in_template =
      error_of(head +
               "generators:\n  - {type: random, count: 1, region: {lower: [0, 0, 0], upper: [1, 1, 1]},\n"
               "     body: {shape: sphere, radius: 1, position: [0, 0, 0]}}\n");
  EXPECT_EQ(position_in_template.key(), "generators[0].body.position");

  const InputError body_id = error_of(head +
                                      "bodies: [{shape: sphere, radius: 1, position: [0, 0, 0]}]\n"
                                      "forces: [{type: body, id: -1}]\n");
  EXPECT_EQ(body_id.key(), "forces[0].id");
  EXPECT_EQ(body_id.line(), 4);
}

}  // namespace
}  // namespace relcp::io
