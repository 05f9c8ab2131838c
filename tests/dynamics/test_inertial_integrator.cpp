#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "core/error.hpp"
#include "dynamics/inertial_integrator.hpp"
#include "dynamics/mass_properties.hpp"
#include "geometry/shapes/shape_properties.hpp"

namespace relcp::dynamics {
namespace {

TEST(InertialIntegrator, ConstantForceGivesTheSemiImplicitEulerTrajectory) {
  const double density = 3.0;
  const InertialIntegrator integrator(density);
  std::vector<particles::Body> bodies(1);
  bodies[0].shape = geometry::Sphere{0.5};
  bodies[0].velocity = Vec3(1, 0, 0);
  const double mass = density * 4.0 / 3.0 * std::numbers::pi * 0.125;
  EXPECT_NEAR(mass_of(bodies[0].shape, density), mass, 1e-14);
  const Vec3 force(0, 0, -2);
  const double dt = 0.1;
  const int n = 50;
  for (int step = 0; step < n; ++step) {
    bodies[0].force = force;
    integrator.step(bodies, dt);
  }
  // v_n = v_0 + n dt F/m; x_n = n dt v_0 + dt^2 F/m n(n+1)/2 (positions use the new velocity).
  EXPECT_LT((bodies[0].velocity - (Vec3(1, 0, 0) + n * dt * force / mass)).norm(), 1e-12);
  const Vec3 expected = n * dt * Vec3(1, 0, 0) + dt * dt * force / mass * (n * (n + 1) / 2.0);
  EXPECT_LT((bodies[0].pose.position - expected).norm(), 1e-11);
}

TEST(InertialIntegrator, TorqueUsesTheLabFrameInertia) {
  const double density = 1.0;
  const InertialIntegrator integrator(density);
  const geometry::Spherocylinder rod{0.2, 3.0};
  const Mat3 body = geometry::body_inertia(rod, density);
  // Rod axis turned from body z onto lab x.
  const Quaternion axis_along_x(Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitY()));
  std::vector<particles::Body> bodies(2);
  for (auto& b : bodies) {
    b.shape = rod;
    b.pose.orientation = axis_along_x;
  }
  bodies[0].torque = Vec3(1.0, 0, 0);  // about the rod axis: the small axial moment
  bodies[1].torque = Vec3(0, 1.0, 0);  // about a transverse axis
  integrator.update_velocities(bodies, 0.5);
  EXPECT_NEAR(bodies[0].angular_velocity.x(), 0.5 / body(2, 2), 1e-12 / body(2, 2));
  EXPECT_NEAR(bodies[1].angular_velocity.y(), 0.5 / body(0, 0), 1e-12 / body(0, 0));
  EXPECT_NEAR(bodies[0].angular_velocity.tail<2>().norm(), 0.0, 1e-12);
  const Mat3 lab = lab_inertia(rod, axis_along_x, density);
  EXPECT_LT((lab * lab_inverse_inertia(rod, axis_along_x, density) - Mat3::Identity()).norm(), 1e-12);
}

TEST(InertialIntegrator, FreeSpinRotatesExactly) {
  const InertialIntegrator integrator(1.0);
  std::vector<particles::Body> bodies(1);
  bodies[0].shape = geometry::Sphere{1.0};
  bodies[0].angular_velocity = Vec3(0, 0, 3.0);
  for (int step = 0; step < 10; ++step) integrator.step(bodies, 0.2);
  const Quaternion expected(Eigen::AngleAxisd(6.0, Vec3::UnitZ()));
  EXPECT_LT(bodies[0].pose.orientation.angularDistance(expected), 1e-12);
}

TEST(InertialIntegrator, IsotropicInertiaStaysExactlyDiagonalInAnyOrientation) {
  // The contact mobility keeps 6 numbers per body only when every block is exactly diagonal.
  const Quaternion turned(Eigen::AngleAxisd(0.7, Vec3(1.0, 2.0, -0.5).normalized()));
  const Mat3 sphere = lab_inverse_inertia(geometry::Sphere{0.5}, turned, 2.0);
  EXPECT_TRUE(sphere.isDiagonal(0.0));
  EXPECT_EQ(sphere(0, 0), sphere(2, 2));
  EXPECT_LT((sphere * lab_inertia(geometry::Sphere{0.5}, turned, 2.0) - Mat3::Identity()).norm(), 1e-12);

  const geometry::Shape rod = geometry::Spherocylinder{0.2, 1.0};
  const Mat3 lab = lab_inverse_inertia(rod, turned, 2.0);
  EXPECT_FALSE(lab.isDiagonal(1e-6));  // an anisotropic body turns its inertia with it
  EXPECT_LT((lab * lab_inertia(rod, turned, 2.0) - Mat3::Identity()).norm(), 1e-12);
}

TEST(InertialIntegrator, RejectsNonPositiveDensity) { EXPECT_THROW(InertialIntegrator(0.0), InputError); }

}  // namespace
}  // namespace relcp::dynamics
