// The frictional contact LCP builder (Erleben 2013, Sec. 4.1; reference tests F1-F3 and the
// contact part of B5).

#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <random>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "lcp/pivoting/enumeration.hpp"
#include "lcp/pivoting/lemke.hpp"
#include "lcp/problems/contact_model.hpp"
#include "support/lcp_checks.hpp"

namespace relcp::lcp {
namespace {

using testing::IsLcpSolution;

constexpr double kTol = 1e-10;

SolverOptions tight_options() {
  SolverOptions options;
  options.tolerance = kTol;
  return options;
}

// The point-mass example of docs/lcp_pivoting.md ("Contact LCP builder"): a unit point mass on the
// plane z = 0, normal e_z, K = 4 directions (+x, +y, -x, -y), mu = 0.5, h = 0.01, gravity 9.81.
ContactStep point_mass_on_plane(const Vector& velocity) {
  ContactStep step;
  step.inverse_mass = DenseMatrix::Identity(3, 3);
  step.normal_jacobian = DenseMatrix(1, 3);
  step.normal_jacobian << 0.0, 0.0, 1.0;
  step.tangent_jacobian = DenseMatrix(4, 3);
  step.tangent_jacobian << 1.0, 0.0, 0.0,  //
      0.0, 1.0, 0.0,                       //
      -1.0, 0.0, 0.0,                      //
      0.0, -1.0, 0.0;
  step.friction = Vector::Constant(1, 0.5);
  step.velocity = velocity;
  step.external_force = Vector{{0.0, 0.0, -9.81}};
  step.time_step = 0.01;
  step.directions = 4;
  return step;
}

// Every solution Lemke or enumeration finds, checked as an LCP solution.
std::vector<Vector> lemke_and_all_solutions(const LcpProblem& problem) {
  const SolverResult lemke = LemkeSolver().solve(problem, tight_options());
  EXPECT_EQ(lemke.status, Status::converged);
  std::vector<Vector> solutions = enumerate_lcp_solutions(problem, kTol);
  EXPECT_FALSE(solutions.empty());
  solutions.push_back(lemke.z);
  for (const Vector& z : solutions) EXPECT_TRUE(IsLcpSolution(problem, z, kTol));
  return solutions;
}

struct SlidingCase {
  Vector initial_velocity;
  Vector final_velocity;
  Vector tangent_impulse;
  double sliding_speed;
};

// F1 (and B5 for the contact LCP): the sliding cases have one solution, with lambda_n = 1.0981.
TEST(ContactModel, F1PointMassSlidingCases) {
  const std::vector<SlidingCase> cases{
      {Vector{{2.0, 0.0, -1.0}}, Vector{{1.45095, 0.0, 0.0}}, Vector{{0.0, 0.0, 0.54905, 0.0}}, 1.45095},
      {Vector{{1.0, 1.0, -1.0}}, Vector{{0.725475, 0.725475, 0.0}}, Vector{{0.0, 0.0, 0.274525, 0.274525}}, 0.725475},
  };
  for (const SlidingCase& c : cases) {
    const ContactStep step = point_mass_on_plane(c.initial_velocity);
    const LcpProblem problem = build_contact_lcp(step);
    for (const Vector& z : lemke_and_all_solutions(problem)) {
      const ContactImpulses impulses = split_contact_solution(step, z);
      EXPECT_NEAR(impulses.normal[0], 1.0981, 1e-12);
      EXPECT_LE((impulses.tangent - c.tangent_impulse).lpNorm<Eigen::Infinity>(), 1e-12);
      EXPECT_NEAR(impulses.sliding_speed[0], c.sliding_speed, 1e-12);
      EXPECT_LE((velocity_after_contact(step, z) - c.final_velocity).lpNorm<Eigen::Infinity>(), 1e-12)
          << "u0 = " << c.initial_velocity.transpose();
    }
  }
}

// F1 + F2: sticking. lambda_t is not unique (B_tt is singular), but every solution stops the
// mass: compare velocities, not impulses.
TEST(ContactModel, F2StickingImpulsesDifferButTheVelocityIsZero) {
  const ContactStep step = point_mass_on_plane(Vector{{0.3, 0.0, -1.0}});
  const LcpProblem problem = build_contact_lcp(step);
  const std::vector<Vector> solutions = lemke_and_all_solutions(problem);
  std::vector<Vector> tangent_impulses;
  for (const Vector& z : solutions) {
    const ContactImpulses impulses = split_contact_solution(step, z);
    EXPECT_NEAR(impulses.normal[0], 1.0981, 1e-12);
    EXPECT_NEAR(impulses.sliding_speed[0], 0.0, 1e-12);
    EXPECT_LE(velocity_after_contact(step, z).lpNorm<Eigen::Infinity>(), 1e-12);
    tangent_impulses.push_back(impulses.tangent);
  }
  // The vertices (0, 0, 0.3, 0) and (0.124525, 0, 0.424525, 0) are both solutions
  // (docs/lcp_pivoting.md).
  auto found = [&](const Vector& lambda_t) {
    for (const Vector& t : tangent_impulses) {
      if ((t - lambda_t).lpNorm<Eigen::Infinity>() <= 1e-12) return true;
    }
    return false;
  };
  EXPECT_TRUE(found(Vector{{0.0, 0.0, 0.3, 0.0}}));
  EXPECT_TRUE(found(Vector{{0.124525, 0.0, 0.424525, 0.0}}));
}

// F3: N zero diagonal entries (the beta rows), B = J M^-1 J^T symmetric PSD, and the mu, +-E
// coupling blocks in place.
TEST(ContactModel, F3AssembledMatrixHasTheStewartTrinkleStructure) {
  std::mt19937_64 random(31);
  for (const auto& [N, K] : {std::pair<Index, Index>{1, 4}, {3, 4}, {4, 6}, {6, 2}}) {
    const ContactStep step = random_contact_step(N, K, random);
    const LcpProblem problem = build_contact_lcp(step);
    const DenseMatrix& A = problem.dense();
    const Index velocities = N + N * K;
    ASSERT_EQ(problem.size(), velocities + N);

    EXPECT_EQ((A.diagonal().array() == 0.0).count(), N);
    EXPECT_TRUE((A.diagonal().tail(N).array() == 0.0).all());

    const DenseMatrix B = A.topLeftCorner(velocities, velocities);
    EXPECT_EQ(B, B.transpose());
    const double smallest = Eigen::SelfAdjointEigenSolver<DenseMatrix>(B, Eigen::EigenvaluesOnly).eigenvalues()[0];
    EXPECT_GE(smallest, -1e-12 * B.cwiseAbs().maxCoeff());

    for (Index k = 0; k < N; ++k) {
      const Index beta = velocities + k;
      for (Index c = 0; c < N; ++c) EXPECT_EQ(A(beta, c), c == k ? step.friction[k] : 0.0);
      for (Index t = 0; t < N * K; ++t) {
        const bool own = t / K == k;
        EXPECT_EQ(A(beta, N + t), own ? -1.0 : 0.0);
        EXPECT_EQ(A(N + t, beta), own ? 1.0 : 0.0);
      }
      for (Index c = 0; c < N; ++c) EXPECT_EQ(A(beta, velocities + c), 0.0);
      EXPECT_EQ(A(k, beta), 0.0);
    }
    EXPECT_TRUE((problem.q().tail(N).array() == 0.0).all());
  }
}

// B5 for the contact LCP beyond the single point mass: Lemke solves random multi-contact
// problems, and the velocities recovered from the impulses reproduce w = A z + q.
TEST(ContactModel, LemkeSolvesRandomContactProblemsAndVelocitiesMatchW) {
  std::mt19937_64 random(77);
  for (int instance = 0; instance < 30; ++instance) {
    const Index N = 1 + instance % 5;
    const ContactStep step = random_contact_step(N, 4, random);
    const LcpProblem problem = build_contact_lcp(step);
    const SolverResult result = LemkeSolver().solve(problem, tight_options());
    ASSERT_EQ(result.status, Status::converged) << "instance " << instance;
    EXPECT_TRUE(IsLcpSolution(problem, result.z, kTol));

    const Vector u = velocity_after_contact(step, result.z);
    const Vector w = problem.w(result.z);
    const ContactImpulses impulses = split_contact_solution(step, result.z);
    Vector tangential = step.tangent_jacobian * u;
    for (Index k = 0; k < N; ++k) tangential.segment(k * 4, 4).array() += impulses.sliding_speed[k];
    const double scale = std::max(1.0, w.lpNorm<Eigen::Infinity>());
    EXPECT_LE((step.normal_jacobian * u - w.head(N)).lpNorm<Eigen::Infinity>(), 1e-10 * scale);
    EXPECT_LE((tangential - w.segment(N, 4 * N)).lpNorm<Eigen::Infinity>(), 1e-10 * scale);
  }
}

TEST(ContactModel, InverseOfMassInvertsAndRejectsNonPositiveDefinite) {
  DenseMatrix mass(2, 2);
  mass << 2.0, 0.5, 0.5, 1.0;
  EXPECT_LE((inverse_of_mass(mass) * mass - DenseMatrix::Identity(2, 2)).lpNorm<Eigen::Infinity>(), 1e-14);
  DenseMatrix indefinite(2, 2);
  indefinite << 1.0, 2.0, 2.0, 1.0;
  EXPECT_THROW(inverse_of_mass(indefinite), InputError);
}

std::string error_key(const ContactStep& step) {
  try {
    build_contact_lcp(step);
  } catch (const InputError& error) {
    return error.key();
  }
  return "";
}

TEST(ContactModel, InvalidStepsAreRejectedWithTheFieldAtFault) {
  const ContactStep valid = point_mass_on_plane(Vector{{1.0, 0.0, -1.0}});
  EXPECT_EQ(error_key(valid), "");

  ContactStep step = valid;
  step.friction[0] = -0.1;
  EXPECT_EQ(error_key(step), "friction");
  step = valid;
  step.tangent_jacobian = DenseMatrix::Zero(3, 3);
  EXPECT_EQ(error_key(step), "tangent_jacobian");
  step = valid;
  step.time_step = 0.0;
  EXPECT_EQ(error_key(step), "time_step");
  step = valid;
  step.directions = 0;
  EXPECT_EQ(error_key(step), "directions");
  step = valid;
  step.velocity = Vector::Zero(2);
  EXPECT_EQ(error_key(step), "velocity");
  step = valid;
  step.inverse_mass(0, 1) = 0.3;
  EXPECT_EQ(error_key(step), "inverse_mass");
  EXPECT_THROW(split_contact_solution(valid, Vector::Zero(5)), InputError);
}

}  // namespace
}  // namespace relcp::lcp
