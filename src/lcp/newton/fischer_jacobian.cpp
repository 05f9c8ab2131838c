#include "lcp/newton/fischer_jacobian.hpp"

#include <cmath>

namespace relcp::lcp {

double fischer_burmeister_value(double a, double b) {
  const double radius = std::sqrt(a * a + b * b);
  if (a > 0.0 && b > 0.0) return -2.0 * a * b / (radius + a + b);
  return radius - a - b;
}

double fischer_burmeister_merit(const Vector& z, const Vector& w) {
  double sum = 0.0;
  for (Index i = 0; i < z.size(); ++i) {
    const double phi = fischer_burmeister_value(z[i], w[i]);
    sum += phi * phi;
  }
  return 0.5 * sum;
}

void fischer_jacobian_diagonals(const Vector& z, const Vector& w, FischerJacobian strategy, std::mt19937_64& random,
                                Vector& p, Vector& q) {
  const Index n = z.size();
  p.resize(n);
  q.resize(n);
  std::uniform_real_distribution<double> unit_disk_component(0.0, 1.0 / std::sqrt(2.0));
  for (Index i = 0; i < n; ++i) {
    const double radius = std::hypot(z[i], w[i]);
    if (radius > kFischerKinkRadius) {
      p[i] = z[i] / radius - 1.0;
      q[i] = w[i] / radius - 1.0;
      continue;
    }
    switch (strategy) {
      case FischerJacobian::random:
        p[i] = unit_disk_component(random) - 1.0;
        q[i] = unit_disk_component(random) - 1.0;
        break;
      case FischerJacobian::zero:
        p[i] = -1.0;
        q[i] = -1.0;
        break;
      case FischerJacobian::perturbation:
      case FischerJacobian::approximation: {
        const double perturbed_radius = std::hypot(kFischerPerturbation, w[i]);
        p[i] = kFischerPerturbation / perturbed_radius - 1.0;
        q[i] = w[i] / perturbed_radius - 1.0;
        break;
      }
    }
  }
}

}  // namespace relcp::lcp
