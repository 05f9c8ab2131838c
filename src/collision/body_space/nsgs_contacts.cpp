#include "collision/body_space/nsgs_contacts.hpp"

#include <Eigen/Dense>
#include <algorithm>

#include "lcp/friction/alart_curnier_rows.hpp"

namespace relcp::collision {
namespace {

constexpr int kLocalIterations = 200;
constexpr double kLocalStep = 1e-14;  // relative change that ends a local iteration
constexpr int kLocalNewtonSteps = 30;
constexpr double kLocalNewtonTolerance = 1e-13;

// De Saxce's shift of a cone block's local gradient u (block-local rows).
double shift(const lcp::FrictionConeBlock& block, const double* u) {
  // sqrt, not hypot: no overflow guard is needed at contact scales, and hypot costs twice as much
  // (docs/friction.md, "The cost of a CCP iteration").
  double s = block.mu * std::sqrt(u[1] * u[1] + u[2] * u[2]);
  if (block.resists_rolling()) {
    const std::size_t r = block.rolling_row() - block.normal_row;
    s += block.rolling * std::sqrt(u[r] * u[r] + u[r + 1] * u[r + 1]);
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
bool in_dual_cone(const lcp::FrictionConeBlock& block, const ContactVector& u) {
  return u[0] >= shift(block, u.data());
}

// Whether f lies in the cone.
bool in_cone(const lcp::FrictionConeBlock& block, const ContactVector& f) {
  ContactVector projected = f;
  local_block(block).project(projected.data());
  return (projected - f).norm() <= 1e-14 * (1.0 + f.norm());
}

ContactUnit make_unit(Eigen::Index first_row, Eigen::Index rows, int cone, ContactBlock W) {
  ContactUnit unit;
  unit.first_row = first_row;
  unit.rows = rows;
  unit.cone = cone;
  unit.W = std::move(W);
  const double largest =
      Eigen::SelfAdjointEigenSolver<ContactBlock>(unit.W, Eigen::EigenvaluesOnly).eigenvalues().maxCoeff();
  unit.step = largest > 0.0 ? 1.0 / largest : 0.0;
  if (cone >= 0) {
    const Eigen::LDLT<ContactBlock> ldlt(unit.W);
    if (ldlt.info() == Eigen::Success && ldlt.isPositive() &&
        ldlt.vectorD().minCoeff() > 1e-12 * std::max(largest, 1e-300)) {
      unit.inverse = ldlt.solve(ContactBlock::Identity(rows, rows));
    }
  }
  return unit;
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
ContactVector solve_cone(const ContactUnit& unit, const lcp::FrictionConeBlock& block, ConeModel model,
                         const ContactVector& b, ContactVector f) {
  if (model == ConeModel::exact_coulomb ? b[0] >= 0.0 : in_dual_cone(block, b)) {
    return ContactVector::Zero(unit.rows);
  }
  if (unit.inverse.size() > 0) {
    const ContactVector sticking = -(unit.inverse * b);
    if (in_cone(block, sticking)) return sticking;
  }
  if (model == ConeModel::exact_coulomb && unit.rows == 3) {
    Eigen::Vector3d r = f;
    if (alart_curnier_newton(unit, block.mu, Eigen::Vector3d(b), r)) return r;
  }
  const lcp::FrictionConeBlock local = local_block(block);
  for (int k = 0; k < kLocalIterations; ++k) {
    ContactVector u = unit.W * f + b;
    if (model == ConeModel::exact_coulomb) u[0] += shift(block, u.data());
    ContactVector next = f - unit.step * u;
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

std::vector<ContactUnit> contact_units(const lcp::FrictionCones& cones, Eigen::Index rows,
                                       const std::function<ContactBlock(Eigen::Index, Eigen::Index)>& block_of) {
  std::vector<ContactUnit> units;
  std::size_t next_cone = 0;
  for (Eigen::Index row = 0; row < rows;) {
    int cone = -1;
    Eigen::Index count = 1;
    if (next_cone < cones.blocks().size() && cones.blocks()[next_cone].normal_row == static_cast<std::size_t>(row)) {
      cone = static_cast<int>(next_cone);
      count = static_cast<Eigen::Index>(cones.blocks()[next_cone].rows());
      ++next_cone;
    }
    units.push_back(make_unit(row, count, cone, block_of(row, count)));
    row += count;
  }
  return units;
}

ContactVector relax_contact(const ContactUnit& unit, const lcp::FrictionCones& cones, ConeModel model,
                            const ContactVector& g, const ContactVector& f) {
  if (unit.cone < 0) {
    ContactVector next(1);
    next[0] = unit.W(0, 0) > 0.0 ? std::max(0.0, f[0] - g[0] / unit.W(0, 0)) : f[0];
    return next;
  }
  return solve_cone(unit, cones.blocks()[static_cast<std::size_t>(unit.cone)], model, g - unit.W * f, f);
}

double cone_model_residual(const lcp::FrictionCones& cones, ConeModel model, const double* gamma, double* g,
                           std::size_t rows) {
  if (model == ConeModel::exact_coulomb) {
    // The shift reads a block's tangential rows only, so the normal row may change in place.
    for (const lcp::FrictionConeBlock& block : cones.blocks())
      g[block.normal_row] += shift(block, g + block.normal_row);
  }
  return cones.max_mapped(
      rows, [&](std::size_t row) { return gamma[row] - g[row]; },
      [&](std::size_t row, double projected) { return std::abs(gamma[row] - projected); });
}

BodySpaceNsgsResult run_nsgs_sweeps(const std::function<double()>& residual,
                                    const std::function<double(bool backward)>& sweep, double tolerance, int max_sweeps,
                                    bool stop_when_out_of_reach) {
  BodySpaceNsgsResult result;
  result.residual = residual();
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
    // Symmetric Gauss-Seidel: forward and backward sweeps alternate (on the 10,164-sphere stack
    // 170 sweeps instead of 2,261 forward ones; docs/friction.md).
    const double moved = sweep(result.sweeps % 2 == 0);
    result.residual = residual();
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
