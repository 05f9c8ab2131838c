#include "dcs/switching/friction_oscillator_system.hpp"

#include <Eigen/Cholesky>
#include <stdexcept>

namespace relcp::dcs {

FrictionOscillatorSystem::FrictionOscillatorSystem(FrictionOscillator oscillator) : oscillator_(std::move(oscillator)) {
  oscillator_.check_consistent();
  friction_dofs_ = oscillator_.friction_dofs();
  const Eigen::LLT<DenseMatrix> cholesky(oscillator_.mass);
  if (cholesky.info() != Eigen::Success) {
    throw std::invalid_argument("FrictionOscillatorSystem: mass matrix is not positive definite");
  }
  inverse_mass_ = cholesky.solve(DenseMatrix::Identity(oscillator_.dof_count(), oscillator_.dof_count()));
}

int FrictionOscillatorSystem::term_count() const {
  return friction_dofs_.empty() ? 1 : static_cast<int>(friction_dofs_.size());
}

int FrictionOscillatorSystem::mode_count(int /*term*/) const { return friction_dofs_.empty() ? 1 : 2; }

void FrictionOscillatorSystem::mode_rhs(int term, int mode, double t, const Vector& x, Vector& out) const {
  const int n = oscillator_.dof_count();
  const auto q = x.head(n);
  const auto v = x.tail(n);
  const double share = 1.0 / term_count();
  out.head(n) = share * v;
  out.tail(n) =
      share * (inverse_mass_ * (oscillator_.external_force(t) - oscillator_.stiffness * q - oscillator_.damping * v));
  if (friction_dofs_.empty()) return;
  const int dof = friction_dofs_[term];
  const double friction_force = mode == 0 ? -oscillator_.friction[dof] : oscillator_.friction[dof];
  out.tail(n) += friction_force * inverse_mass_.col(dof);
}

double FrictionOscillatorSystem::indicator(int term, int mode, const Vector& x) const {
  if (friction_dofs_.empty()) return 0.0;
  const double v = x[oscillator_.dof_count() + friction_dofs_[term]];
  return mode == 0 ? -v : v;
}

void FrictionOscillatorSystem::indicator_gradient(int term, int mode, const Vector& /*x*/, Vector& out) const {
  out.setZero();
  if (friction_dofs_.empty()) return;
  out[oscillator_.dof_count() + friction_dofs_[term]] = mode == 0 ? -1.0 : 1.0;
}

std::string FrictionOscillatorSystem::state_name(int index) const {
  const int n = oscillator_.dof_count();
  std::string name = index < n ? "x" : "v";
  return name.append(std::to_string(index < n ? index : index - n));
}

std::string FrictionOscillatorSystem::term_name(int term) const {
  return std::to_string(friction_dofs_.empty() ? term : friction_dofs_[term]);
}

std::string FrictionOscillatorSystem::mode_set_label(int /*term*/, const ModeSet& modes) const {
  if (friction_dofs_.empty() || modes.size() != 1) return "0";
  return modes.front() == 0 ? "1" : "-1";
}

ModeSet friction_modes_for_velocity(double v, double stuck_velocity) {
  if (v > stuck_velocity) return {0};
  if (v < -stuck_velocity) return {1};
  return {0, 1};
}

}  // namespace relcp::dcs
