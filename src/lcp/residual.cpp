#include "lcp/residual.hpp"

#include <cmath>

namespace relcp::lcp {

Vector min_map(const Vector& z, const Vector& w) { return z.cwiseMin(w); }

Vector fischer_burmeister(const Vector& z, const Vector& w) {
  Vector phi(z.size());
  for (Index i = 0; i < z.size(); ++i) phi[i] = std::hypot(z[i], w[i]) - z[i] - w[i];
  return phi;
}

double natural_residual(const Vector& z, const Vector& w) {
  if (z.size() == 0) return 0.0;
  return min_map(z, w).lpNorm<Eigen::Infinity>();
}

double natural_residual(const LcpProblem& problem, const Vector& z) { return natural_residual(z, problem.w(z)); }

}  // namespace relcp::lcp
