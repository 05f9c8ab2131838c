#include "collision/body_space/body_space_nsgs.hpp"

#include "lcp/friction/alart_curnier_rows.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <vector>

namespace relcp::collision {
namespace {

constexpr int kLocalIterations = 200;
constexpr double kLocalStep = 1e-14;  // relative change that ends a local iteration
constexpr Eigen::Index kMaxBlock = 6;
constexpr int kLocalNewtonSteps = 30;
constexpr double kLocalNewtonTolerance = 1e-13;

using Block = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, kMaxBlock, kMaxBlock>;
using Local = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, kMaxBlock, 1>;
using Jacobian = Eigen::SparseMatrix<double, Eigen::RowMajor>;

// De Saxce's shift of a cone block's local gradient u (block-local rows).
double shift(const lcp::FrictionConeBlock& block, const double* u) {
  double s = block.mu * std::hypot(u[1], u[2]);
  if (block.resists_rolling()) {
    const std::size_t r = block.rolling_row() - block.normal_row;
    s += block.rolling * std::hypot(u[r], u[r + 1]);
  }
  if (block.resists_spinning()) s += block.spinning * std::abs(u[block.spinning_row() - block.normal_row]);
  return s;
}

// The block at local row 0, for projecting a block-local vector.
lcp::FrictionConeBlock local_block(const lcp::FrictionConeBlock& block) {
  lcp::FrictionConeBlock local = block;
  local.normal_row = 0;
  return local;
}

// Whether u lies in the dual cone K* = {u_n >= shift(u)}.
bool in_dual_cone(const lcp::FrictionConeBlock& block, const Local& u) { return u[0] >= shift(block, u.data()); }

// Whether f lies in the cone.
bool in_cone(const lcp::FrictionConeBlock& block, const Local& f) {
  Local projected = f;
  local_block(block).project(projected.data());
  return (projected - f).norm() <= 1e-14 * (1.0 + f.norm());
}

// One contact's cone, precomputed.
struct ContactUnit {
  Eigen::Index first_row = 0;
  Eigen::Index rows = 1;
  int cone = -1;  // index into the cones' blocks; -1: a unilateral row
  Block W;
  Block inverse;  // of W when invertible (sticking test), else empty
  double step = 0.0;
};

double row_product(const Jacobian& R, Eigen::Index row, const Eigen::VectorXd& v) {
  double sum = 0.0;
  for (Jacobian::InnerIterator it(R, row); it; ++it) sum += it.value() * v[it.index()];
  return sum;
}

// s sum_j mu_j R_pj R_qj.
double weighted_row_dot(const Jacobian& R, const Eigen::VectorXd& mobility, double scale, Eigen::Index p,
                        Eigen::Index q) {
  Jacobian::InnerIterator a(R, p), b(R, q);
  double sum = 0.0;
  while (a && b) {
    if (a.index() < b.index()) {
      ++a;
    } else if (b.index() < a.index()) {
      ++b;
    } else {
      sum += mobility[a.index()] * a.value() * b.value();
      ++a;
      ++b;
    }
  }
  return scale * sum;
}

std::vector<ContactUnit> contact_units(const BodySpaceLcp& lcp, const lcp::FrictionCones& cones) {
  std::vector<ContactUnit> units;
  const Eigen::Index rows = lcp.jacobian.rows();
  std::size_t next_cone = 0;
  for (Eigen::Index row = 0; row < rows;) {
    ContactUnit unit;
    unit.first_row = row;
    if (next_cone < cones.blocks().size() && cones.blocks()[next_cone].normal_row == static_cast<std::size_t>(row)) {
      unit.cone = static_cast<int>(next_cone);
      unit.rows = static_cast<Eigen::Index>(cones.blocks()[next_cone].rows());
      ++next_cone;
    }
    unit.W.resize(unit.rows, unit.rows);
    for (Eigen::Index p = 0; p < unit.rows; ++p) {
      for (Eigen::Index q = 0; q <= p; ++q) {
        unit.W(p, q) = unit.W(q, p) = weighted_row_dot(lcp.jacobian, lcp.mobility, lcp.scale, row + p, row + q);
      }
    }
    const double largest =
        Eigen::SelfAdjointEigenSolver<Block>(unit.W, Eigen::EigenvaluesOnly).eigenvalues().maxCoeff();
    unit.step = largest > 0.0 ? 1.0 / largest : 0.0;
    if (unit.cone >= 0) {
      const Eigen::LDLT<Block> ldlt(unit.W);
      if (ldlt.info() == Eigen::Success && ldlt.isPositive() &&
          ldlt.vectorD().minCoeff() > 1e-12 * std::max(largest, 1e-300)) {
        unit.inverse = ldlt.solve(Block::Identity(unit.rows, unit.rows));
      }
    }
    units.push_back(std::move(unit));
    row += units.back().rows;
  }
  return units;
}

// A Coulomb contact (3 rows, exact model) by Newton's method on its Alart-Curnier function
// Phi(f) with u = W f + b (lcp/friction/alart_curnier_rows.hpp), with backtracking on ||Phi||.
// False when it did not reach rounding level; f then holds the best point found.
bool alart_curnier_newton(const ContactUnit& unit, double mu, const Eigen::Vector3d& b, Eigen::Vector3d& f) {
  namespace ac = lcp::alart_curnier_detail;
  const Eigen::Matrix3d W = unit.W;
  const double rho = unit.step;
  auto phi_of = [&](const Eigen::Vector3d& r, Eigen::Matrix3d* jacobian) {
    const Eigen::Vector3d u = W * r + b;
    Eigen::Vector3d phi;
    Eigen::Matrix3d A, B;
    const double x = ac::normal_row<3>(rho, r, u, phi, jacobian ? &A : nullptr, jacobian ? &B : nullptr);
    ac::disk_rows<3>(1, mu, rho, rho, x, r, u, phi, jacobian ? &A : nullptr, jacobian ? &B : nullptr);
    if (jacobian) *jacobian = A + B * W;
    return phi;
  };
  Eigen::Matrix3d jacobian;
  Eigen::Vector3d phi = phi_of(f, &jacobian);
  double merit = phi.norm();
  for (int k = 0; k < kLocalNewtonSteps; ++k) {
    if (merit <= kLocalNewtonTolerance * (1.0 + f.norm())) return true;
    const Eigen::Vector3d direction = jacobian.fullPivLu().solve(-phi);
    if (!direction.allFinite()) return false;
    double t = 1.0;
    Eigen::Vector3d trial;
    Eigen::Vector3d trial_phi;
    for (int halvings = 0;; ++halvings) {
      trial = f + t * direction;
      trial_phi = phi_of(trial, nullptr);
      if (trial_phi.norm() < (1.0 - 1e-4 * t) * merit || halvings == 30) break;
      t *= 0.5;
    }
    if (!(trial_phi.norm() < merit)) return false;
    f = trial;
    phi = phi_of(f, &jacobian);
    merit = phi.norm();
  }
  return merit <= kLocalNewtonTolerance * (1.0 + f.norm());
}

// The contact's new forces, given b = g - W gamma (its gap with its own forces removed).
Local solve_contact(const ContactUnit& unit, const lcp::FrictionConeBlock& block, ConeModel model, const Local& b,
                    Local f) {
  if (model == ConeModel::exact_coulomb ? b[0] >= 0.0 : in_dual_cone(block, b)) return Local::Zero(unit.rows);
  if (unit.inverse.size() > 0) {
    const Local sticking = -(unit.inverse * b);
    if (in_cone(block, sticking)) return sticking;
  }
  if (model == ConeModel::exact_coulomb && unit.rows == 3) {
    Eigen::Vector3d r = f;
    if (alart_curnier_newton(unit, block.mu, Eigen::Vector3d(b), r)) return r;
  }
  const lcp::FrictionConeBlock local = local_block(block);
  for (int k = 0; k < kLocalIterations; ++k) {
    Local u = unit.W * f + b;
    if (model == ConeModel::exact_coulomb) u[0] += shift(block, u.data());
    Local next = f - unit.step * u;
    local.project(next.data());
    const double moved = (next - f).norm();
    f = next;
    if (moved <= kLocalStep * (1.0 + f.norm())) break;
  }
  return f;
}

// Whether the residual's decay over the last window of sweeps, kept up over the sweeps left,
// leaves it above the tolerance.
bool out_of_reach(const BodySpaceNsgsResult& result, double tolerance, int max_sweeps) {
  const std::size_t last = result.history.size() - 1;
  const double earlier = result.history[last - kNsgsReachWindow];
  const double decay = result.residual / earlier;
  const double windows_left = static_cast<double>(max_sweeps - result.sweeps) / kNsgsReachWindow;
  return decay >= 1.0 || result.residual * std::pow(decay, windows_left) > tolerance;
}

}  // namespace

double cone_model_residual(const lcp::FrictionCones& cones, ConeModel model, const Eigen::VectorXd& gamma,
                           const Eigen::VectorXd& g) {
  Eigen::VectorXd shifted = g;
  if (model == ConeModel::exact_coulomb) {
    for (const lcp::FrictionConeBlock& block : cones.blocks()) {
      shifted[static_cast<Eigen::Index>(block.normal_row)] += shift(block, g.data() + block.normal_row);
    }
  }
  Eigen::VectorXd map = gamma - shifted;
  cones.project({map.data(), static_cast<std::size_t>(map.size())});
  return map.size() > 0 ? (gamma - map).cwiseAbs().maxCoeff() : 0.0;
}

BodySpaceNsgsResult body_space_nsgs(const BodySpaceLcp& lcp, const Eigen::VectorXd& c, const lcp::FrictionCones& cones,
                                    ConeModel model, double tolerance, int max_sweeps, Eigen::VectorXd& gamma,
                                    bool stop_when_out_of_reach) {
  const Jacobian& R = lcp.jacobian;
  const std::vector<ContactUnit> units = contact_units(lcp, cones);
  Eigen::VectorXd v = lcp.mobility.cwiseProduct(R.transpose() * gamma);
  BodySpaceNsgsResult result;
  auto gradient = [&] { return Eigen::VectorXd(lcp.scale * (R * v) + c); };
  result.residual = cone_model_residual(cones, model, gamma, gradient());
  while (true) {
    if (!std::isfinite(result.residual)) {
      result.status = lcp::Status::numerical_failure;
      return result;
    }
    if (result.residual <= tolerance) {
      result.status = lcp::Status::converged;
      return result;
    }
    if (result.sweeps >= max_sweeps) {
      result.status = lcp::Status::max_iterations;
      return result;
    }
    ++result.sweeps;
    double moved = 0.0;
    // Symmetric Gauss-Seidel: forward and backward sweeps alternate (on the 10,164-sphere stack
    // 170 sweeps instead of 2,261 forward ones; docs/friction.md).
    const bool backward = result.sweeps % 2 == 0;
    for (std::size_t index = 0; index < units.size(); ++index) {
      const ContactUnit& unit = units[backward ? units.size() - 1 - index : index];
      Local g(unit.rows);
      for (Eigen::Index k = 0; k < unit.rows; ++k) {
        g[k] = lcp.scale * row_product(R, unit.first_row + k, v) + c[unit.first_row + k];
      }
      const Local old = gamma.segment(unit.first_row, unit.rows);
      Local next(unit.rows);
      if (unit.cone < 0) {
        next[0] = unit.W(0, 0) > 0.0 ? std::max(0.0, old[0] - g[0] / unit.W(0, 0)) : old[0];
      } else {
        next = solve_contact(unit, cones.blocks()[static_cast<std::size_t>(unit.cone)], model, g - unit.W * old, old);
      }
      const Local delta = next - old;
      if (delta.squaredNorm() == 0.0) continue;
      moved += delta.squaredNorm();
      gamma.segment(unit.first_row, unit.rows) = next;
      for (Eigen::Index k = 0; k < unit.rows; ++k) {
        for (Jacobian::InnerIterator it(R, unit.first_row + k); it; ++it) {
          v[it.index()] += lcp.mobility[it.index()] * it.value() * delta[k];
        }
      }
    }
    result.residual = cone_model_residual(cones, model, gamma, gradient());
    result.history.push_back(result.residual);
    if (moved == 0.0 && result.residual > tolerance) {
      result.status = lcp::Status::stagnation;
      return result;
    }
    if (stop_when_out_of_reach && result.sweeps % kNsgsReachWindow == 0 && result.sweeps >= 2 * kNsgsReachWindow &&
        out_of_reach(result, tolerance, max_sweeps)) {
      result.status = lcp::Status::max_iterations;
      return result;
    }
  }
}

}  // namespace relcp::collision
