#pragma once
// The hyperbolic Laplace-inversion contour of [PL] (2.2),
//   z(v) = mu (1 + sin(i v - gamma)) / t = mu [1 - sin(gamma) cosh(v) + i cos(gamma) sinh(v)] / t,
// discretized by the trapezoidal rule at v_p = p * step, p = -P..P (2P + 1 nodes). The contour
// for time t is the t = 1 contour scaled by 1/t, so the nodes w_p and derivatives wd_p of the
// t = 1 contour are stored once: z_p(t) = w_p / t and z'_p(t) = wd_p / t.
//
// For a real function u with Laplace transform U, conjugate symmetry (z_{-p} = conj z_p,
// z'_{-p} = -conj z'_p) halves the rule to p = 0..P (Wu & Chen 2017, (2.2), (2.17)):
//   u(t) ~ (step / 2 pi i) sum_{p=-P..P} z'_p e^{z_p t} U(z_p)
//        = Im sum_{p=0..P} c_p(t) e^{z_p t} U(z_p),   c_p(t) = (step / pi) z'_p(t), halved at p = 0.

#include <complex>
#include <functional>
#include <vector>

namespace relcp::dcs {

using Complex = std::complex<double>;

struct HyperbolicContourParameters {
  int half_nodes = 25;    // P: the rule has 2P + 1 nodes
  double mu = 1.25;       // width; the contour for time t is scaled by mu / t
  double gamma = 0.794;   // asymptotic angle, in (0, pi/2 - alpha) for a spectrum in the sector alpha
  double step = 0.41206;  // quadrature step (Delta v)

  // [PL] Theorem 2.2: step = 2.0603/sqrt(P), gamma = 0.794, mu = sqrt(P)/4; the quadrature
  // error of the Duhamel term is O(e^{-2.06 sqrt(P)} / sqrt(P)).
  static HyperbolicContourParameters wu_chen(int half_nodes);
  // [PL] Remark 2.3 (Weideman and Trefethen 2007): mu = 4.4921 P, gamma = 1.1721,
  // step = 1.0818/P; error O(e^{-2.32 P}) for e^{At} x0.
  static HyperbolicContourParameters weideman_trefethen(int half_nodes);

  // The largest alpha with gamma in (0, pi/2 - alpha): pi/2 - gamma.
  double admissible_sector_angle() const;
  // Throws InputError (key "contour_half_nodes", "mu", "gamma" or "step").
  void validate() const;
};

class HyperbolicContour {
 public:
  explicit HyperbolicContour(const HyperbolicContourParameters& parameters);

  const HyperbolicContourParameters& parameters() const { return parameters_; }
  int half_nodes() const { return parameters_.half_nodes; }

  // The t = 1 contour at v_p, p = 0..P.
  Complex node(int p) const { return nodes_[static_cast<std::size_t>(p)]; }
  Complex derivative(int p) const { return derivatives_[static_cast<std::size_t>(p)]; }

  Complex node(int p, double t) const { return node(p) / t; }
  // c_p(t) of the halved rule above.
  Complex half_sum_weight(int p, double t) const;

  // u(t) from its Laplace transform U by the halved rule (U must satisfy U(conj z) = conj U(z)).
  double invert(const std::function<Complex(Complex)>& transform, double t) const;

  // Theta_max of [PL] (2.15), the factor in the convergence bounds of Theorems 2.2 and 3.2:
  // (2P + 1) e^{mu (1 - sin gamma)} sqrt((1 + sin gamma) / (1 - sin gamma)).
  double theta_max() const;

 private:
  HyperbolicContourParameters parameters_;
  std::vector<Complex> nodes_;
  std::vector<Complex> derivatives_;
};

// The order the theory predicts for the Wu-Chen parameters: e^{-2.06 sqrt(P)} / sqrt(P).
double wu_chen_quadrature_error_scale(int half_nodes);

}  // namespace relcp::dcs
