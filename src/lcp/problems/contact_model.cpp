#include "lcp/problems/contact_model.hpp"

#include <Eigen/Cholesky>
#include <cmath>
#include <random>
#include <string>
#include <utility>

#include "core/error.hpp"

namespace relcp::lcp {
namespace {

// M^-1 counts as symmetric when max |M^-1 - M^-T| <= this times max |M^-1|.
constexpr double kSymmetryTolerance = 1e-12;

std::string shape(Index rows, Index cols) { return std::to_string(rows) + " x " + std::to_string(cols); }

bool is_symmetric_matrix(const DenseMatrix& matrix) {
  const double scale = matrix.cwiseAbs().maxCoeff();
  return (matrix - matrix.transpose()).cwiseAbs().maxCoeff() <= kSymmetryTolerance * scale;
}

void validate(const ContactStep& step) {
  const Index d = step.inverse_mass.rows();
  const Index N = step.normal_jacobian.rows();
  const Index K = step.directions;
  if (step.inverse_mass.cols() != d || d == 0) {
    throw InputError("inverse_mass", "must be square and non-empty, is " + shape(d, step.inverse_mass.cols()));
  }
  if (!step.inverse_mass.allFinite() || !is_symmetric_matrix(step.inverse_mass)) {
    throw InputError("inverse_mass", "must be finite and symmetric");
  }
  if (K < 1) throw InputError("directions", "need at least 1 friction direction per contact");
  if (step.normal_jacobian.cols() != d || !step.normal_jacobian.allFinite()) {
    throw InputError("normal_jacobian", "must be finite with " + std::to_string(d) + " columns, is " +
                                            shape(N, step.normal_jacobian.cols()));
  }
  if (step.tangent_jacobian.rows() != N * K || step.tangent_jacobian.cols() != d ||
      !step.tangent_jacobian.allFinite()) {
    throw InputError("tangent_jacobian", "must be finite and " + shape(N * K, d) + ", is " +
                                             shape(step.tangent_jacobian.rows(), step.tangent_jacobian.cols()));
  }
  if (step.friction.size() != N || !step.friction.allFinite() || (N > 0 && step.friction.minCoeff() < 0.0)) {
    throw InputError("friction", "needs " + std::to_string(N) + " finite coefficients >= 0");
  }
  if (step.velocity.size() != d || !step.velocity.allFinite()) {
    throw InputError("velocity", "needs " + std::to_string(d) + " finite entries");
  }
  if (step.external_force.size() != d || !step.external_force.allFinite()) {
    throw InputError("external_force", "needs " + std::to_string(d) + " finite entries");
  }
  if (!(step.time_step > 0.0) || !std::isfinite(step.time_step)) {
    throw InputError("time_step", "must be finite and > 0");
  }
}

// J = [J_n; J_t].
DenseMatrix contact_jacobian(const ContactStep& step) {
  DenseMatrix jacobian(step.normal_jacobian.rows() + step.tangent_jacobian.rows(), step.inverse_mass.rows());
  jacobian << step.normal_jacobian, step.tangent_jacobian;
  return jacobian;
}

// u0 + h M^-1 f_ext: the velocity without contact impulses.
Vector free_velocity(const ContactStep& step) {
  return step.velocity + step.time_step * (step.inverse_mass * step.external_force);
}

}  // namespace

DenseMatrix inverse_of_mass(const DenseMatrix& mass) {
  if (mass.rows() != mass.cols() || mass.rows() == 0) {
    throw InputError("mass", "must be square and non-empty, is " + shape(mass.rows(), mass.cols()));
  }
  if (!mass.allFinite() || !is_symmetric_matrix(mass)) throw InputError("mass", "must be finite and symmetric");
  const Eigen::LLT<DenseMatrix> cholesky(mass);
  if (cholesky.info() != Eigen::Success) throw InputError("mass", "is not positive definite");
  DenseMatrix inverse = cholesky.solve(DenseMatrix::Identity(mass.rows(), mass.cols()));
  return 0.5 * (inverse + inverse.transpose());
}

LcpProblem build_contact_lcp(const ContactStep& step) {
  validate(step);
  const Index N = step.normal_jacobian.rows();
  const Index K = step.directions;
  const Index velocities = N + N * K;  // rows of B
  const DenseMatrix jacobian = contact_jacobian(step);

  DenseMatrix A = DenseMatrix::Zero(velocities + N, velocities + N);
  const DenseMatrix delassus = jacobian * step.inverse_mass * jacobian.transpose();
  A.topLeftCorner(velocities, velocities) = 0.5 * (delassus + delassus.transpose());
  for (Index k = 0; k < N; ++k) {
    const Index beta = velocities + k;
    A(beta, k) = step.friction[k];
    for (Index i = 0; i < K; ++i) {
      const Index tangent = N + k * K + i;
      A(tangent, beta) = 1.0;
      A(beta, tangent) = -1.0;
    }
  }

  Vector q = Vector::Zero(velocities + N);
  q.head(velocities) = jacobian * free_velocity(step);
  return LcpProblem(std::move(A), std::move(q));
}

ContactStep random_contact_step(Index contacts, Index directions, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  return random_contact_step(contacts, directions, random);
}

ContactStep random_contact_step(Index contacts, Index directions, std::mt19937_64& random) {
  std::normal_distribution<double> normal;
  const auto gaussian = [&](Index rows, Index cols) {
    DenseMatrix matrix(rows, cols);
    for (Index c = 0; c < cols; ++c) {
      for (Index r = 0; r < rows; ++r) matrix(r, c) = normal(random);
    }
    return matrix;
  };
  const Index d = 12;
  const DenseMatrix R = gaussian(d, d);
  ContactStep step;
  step.inverse_mass = inverse_of_mass(R * R.transpose() + DenseMatrix::Identity(d, d));
  step.normal_jacobian = gaussian(contacts, d);
  step.tangent_jacobian = gaussian(contacts * directions, d);
  step.friction = gaussian(contacts, 1).cwiseAbs();
  step.velocity = gaussian(d, 1);
  step.external_force = gaussian(d, 1);
  step.time_step = 0.01;
  step.directions = directions;
  return step;
}

ContactImpulses split_contact_solution(const ContactStep& step, const Vector& z) {
  const Index N = step.normal_jacobian.rows();
  const Index K = step.directions;
  if (z.size() != 2 * N + N * K) {
    throw InputError(
        "z", "has " + std::to_string(z.size()) + " entries, the contact LCP has " + std::to_string(2 * N + N * K));
  }
  return ContactImpulses{z.head(N), z.segment(N, N * K), z.tail(N)};
}

Vector velocity_after_contact(const ContactStep& step, const Vector& z) {
  validate(step);
  const ContactImpulses impulses = split_contact_solution(step, z);
  const Vector impulse =
      step.normal_jacobian.transpose() * impulses.normal + step.tangent_jacobian.transpose() * impulses.tangent;
  return free_velocity(step) + step.inverse_mass * impulse;
}

}  // namespace relcp::lcp
