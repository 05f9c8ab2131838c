#include "dcs/laplace/contour_phi_functions.hpp"

#include <array>
#include <cmath>

namespace relcp::dcs {
namespace {

// Below this modulus the series is used: its terms w^k / (k + 2)! fall below 1e-19 of the first
// by k = 20, while the literal phi2 would lose about log10(1/|w|^2) digits.
constexpr double kSeriesRadius = 1.0;
constexpr int kSeriesTerms = 23;

// 1 / (k + 1)! for k = 0..kSeriesTerms, and one more entry so that 1/(k + 2)! = table[k + 1].
constexpr std::array<double, kSeriesTerms + 2> inverse_factorials() {
  std::array<double, kSeriesTerms + 2> table{};
  double factorial = 1.0;
  for (int k = 0; k < kSeriesTerms + 2; ++k) {
    factorial *= (k + 1);
    table[static_cast<std::size_t>(k)] = 1.0 / factorial;
  }
  return table;
}

constexpr std::array<double, kSeriesTerms + 2> kInverseFactorials = inverse_factorials();

}  // namespace

PhiValues phi_functions(std::complex<double> w) {
  if (std::abs(w) < kSeriesRadius) {
    // phi1 = sum_k w^k / (k+1)!, phi2 = sum_k w^k / (k+2)!, by Horner from the small end.
    std::complex<double> phi1 = 0.0;
    std::complex<double> phi2 = 0.0;
    for (int k = kSeriesTerms - 1; k >= 0; --k) {
      phi1 = phi1 * w + kInverseFactorials[static_cast<std::size_t>(k)];
      phi2 = phi2 * w + kInverseFactorials[static_cast<std::size_t>(k) + 1];
    }
    return {phi1, phi2};
  }
  const std::complex<double> exponential = std::exp(w);
  return {(exponential - 1.0) / w, (exponential - 1.0 - w) / (w * w)};
}

}  // namespace relcp::dcs
