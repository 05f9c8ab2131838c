#include "dcs/switching/active_set_rhs.hpp"

#include <Eigen/LU>
#include <algorithm>

#include "core/error.hpp"
#include "dcs/switching/switching_matrix.hpp"

namespace relcp::dcs {
namespace {

bool all_terms_single_mode(const ActiveSet& active) {
  return std::all_of(active.begin(), active.end(), [](const ModeSet& modes) { return modes.size() == 1; });
}

}  // namespace

ActiveSetDerivative active_set_derivative(CountedSystem& system, const ActiveSet& active, double t, const Vector& x) {
  const SwitchingMatrices matrices = build_switching_matrices(system, active, t, x);
  const Eigen::Index card = matrices.coupling.rows();
  const auto terms = static_cast<Eigen::Index>(active.size());

  Vector weights = Vector::Ones(card);
  if (!all_terms_single_mode(active)) {
    const DenseMatrix n_zero = augmented_matrix(matrices.coupling, active, 0.0);
    Vector rhs = Vector::Zero(card + terms);
    rhs.tail(terms).setOnes();
    const Eigen::FullPivLU<DenseMatrix> lu(n_zero);
    if (!lu.isInvertible()) {
      throw RunTimeFailure("switching: the active-set system N(I, x) is singular at t = " + std::to_string(t) +
                           " for I = " + to_string(active) + " (condition B' fails)");
    }
    weights = lu.solve(rhs).head(card);
  }
  return ActiveSetDerivative{matrices.mode_rhs * weights, split_by_term(weights, active)};
}

std::vector<Vector> active_set_weights(CountedSystem& system, const ActiveSet& active, double t, const Vector& x) {
  if (!all_terms_single_mode(active)) return active_set_derivative(system, active, t, x).weights;
  std::vector<Vector> weights;
  for (std::size_t term = 0; term < active.size(); ++term) weights.push_back(Vector::Ones(1));
  return weights;
}

}  // namespace relcp::dcs
