#include "dcs/problems/wuchen_small_problem.hpp"

#include <cmath>
#include <numbers>

#include "core/error.hpp"

namespace relcp::dcs {

DenseMatrix wuchen_small_A() {
  DenseMatrix A(3, 3);
  A << -2.0, 1.0, 0.0,  //
      1.0, -2.0, 1.5,   //
      0.0, -1.0, -2.0;
  return A;
}

DenseMatrix wuchen_small_B() {
  DenseMatrix B(3, 4);
  B << -1.0, -4.0, -2.0, 0.0,  //
      -3.0, -2.0, -2.0, 0.0,   //
      -3.0, -3.0, 0.0, 3.0;
  return B;
}

DenseMatrix wuchen_small_N() {
  DenseMatrix N(4, 3);
  N << 0.0, 0.0, -1.0,   //
      -2.0, -2.0, 1.5,   //
      -0.5, -1.0, -0.5,  //
      1.0, 2.5, 1.5;
  return N;
}

DenseMatrix wuchen_small_M() {
  DenseMatrix M(4, 4);
  M << 2.0 / 3.0, -1.0, -1.0 / 3.0, -5.0 / 3.0,       //
      -2.0 / 3.0, 1.0 / 3.0, -2.0 / 3.0, -4.0 / 3.0,  //
      -2.0 / 3.0, -1.0 / 30.0, 0.0, -5.0 / 3.0,       //
      -1.0, 0.0, -5.0 / 3.0, 1.0 / 3.0;
  return M;
}

Vector wuchen_small_v(double t) {
  const double root = std::sqrt(t);
  return Vector{{root * (1.0 - std::cos(t * t)), 3.0 * std::cos(3.0 * std::numbers::pi * t),
                 root * (1.0 - std::cos(3.0 * t * t))}};
}

Vector wuchen_small_chosen_g(double t) {
  const double slow = t * std::exp(-t / 4.0);
  return Vector{{t * std::exp(-t) + 0.15, slow + 1.75, slow + 2.15, slow + 3.0}};
}

Vector wuchen_small_chosen_x0() { return Vector{{0.25, -0.75, -1.0}}; }

DlcpProblem make_wuchen_small_problem(TimeFunction g, Vector x0) {
  if (x0.size() != 3) throw InputError("x0", "the wuchen_small state has 3 components");
  DlcpProblem problem;
  problem.name = "wuchen_small";
  problem.A = to_sparse(wuchen_small_A());
  problem.B = to_sparse(wuchen_small_B());
  problem.N = to_sparse(wuchen_small_N());
  problem.M = wuchen_small_M();
  problem.f = [](double t) -> Vector { return -wuchen_small_v(t); };
  problem.g = std::move(g);
  problem.x0 = std::move(x0);
  validate(problem);
  return problem;
}

}  // namespace relcp::dcs
