#include "dcs/switching/friction_oscillator.hpp"

#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

namespace relcp::dcs {
namespace {

Vector to_vector(const std::vector<double>& values) {
  return Eigen::Map<const Vector>(values.data(), static_cast<Eigen::Index>(values.size()));
}

}  // namespace

Vector FrictionOscillator::external_force(double t) const {
  Vector force = Vector::Zero(dof_count());
  for (const HarmonicForce& term : forcing) {
    force[term.dof] += term.amplitude * std::cos(term.omega * t + term.phase);
  }
  return force;
}

Vector FrictionOscillator::initial_state() const {
  Vector x(2 * dof_count());
  x << q0, v0;
  return x;
}

std::vector<int> FrictionOscillator::friction_dofs() const {
  std::vector<int> dofs;
  for (int i = 0; i < dof_count(); ++i) {
    if (friction[i] > 0.0) dofs.push_back(i);
  }
  return dofs;
}

void FrictionOscillator::check_consistent() const {
  const Eigen::Index n = mass.rows();
  const auto square = [n](const DenseMatrix& m) { return m.rows() == n && m.cols() == n; };
  if (n == 0 || !square(mass) || !square(damping) || !square(stiffness) || friction.size() != n || q0.size() != n ||
      v0.size() != n) {
    throw std::invalid_argument("FrictionOscillator: inconsistent sizes");
  }
  if ((friction.array() < 0.0).any()) {
    throw std::invalid_argument("FrictionOscillator: negative friction bound");
  }
  for (const HarmonicForce& term : forcing) {
    if (term.dof < 0 || term.dof >= n) {
      throw std::invalid_argument("FrictionOscillator: forcing on coordinate " + std::to_string(term.dof) + " of " +
                                  std::to_string(n));
    }
  }
}

FrictionOscillator make_friction_chain(const FrictionChain& chain) {
  const auto n = static_cast<Eigen::Index>(chain.masses.size());
  if (chain.stiffness.size() != chain.masses.size() || chain.damping.size() != chain.masses.size() ||
      chain.friction.size() != chain.masses.size()) {
    throw std::invalid_argument("make_friction_chain: one stiffness, damping and friction per mass");
  }
  FrictionOscillator oscillator;
  oscillator.mass = to_vector(chain.masses).asDiagonal();
  oscillator.damping = to_vector(chain.damping).asDiagonal();
  oscillator.stiffness = DenseMatrix::Zero(n, n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const double k = chain.stiffness[i];  // spring between m_{i-1} (or the wall) and m_i
    oscillator.stiffness(i, i) += k;
    if (i > 0) {
      oscillator.stiffness(i - 1, i - 1) += k;
      oscillator.stiffness(i - 1, i) -= k;
      oscillator.stiffness(i, i - 1) -= k;
    }
  }
  oscillator.friction = to_vector(chain.friction);
  oscillator.forcing = chain.forcing;
  oscillator.q0 = to_vector(chain.x0);
  oscillator.v0 = to_vector(chain.v0);
  oscillator.check_consistent();
  return oscillator;
}

FrictionChain stewart_friction_chain() {
  FrictionChain chain;
  chain.masses = {1, 1, 1};
  chain.stiffness = {1, 1, 1};
  chain.damping = {1, 1, 1};
  chain.friction = {0.3, 0.3, 0.3};
  chain.forcing = {HarmonicForce{2, 10.0, std::numbers::pi, 0.0}};
  chain.x0 = {-1, 1, -1};
  chain.v0 = {-1, 1, 1};
  return chain;
}

}  // namespace relcp::dcs
