#pragma once
// Projected dynamical systems x' = Pi_Omega(x, F(t, x)) on a box Omega = {lower <= x <= upper}
// ([GS] 4.2) and the built-in spatial price equilibrium of [GS] (4.15).
//
// [GS] eqs (4.8)-(4.14) are missing from the source text; this follows the reconstruction
// recorded in docs/dlcp.md ("PDS"): the box is Omega = [0, x_max]^4 with x_max = 1.9,
// and the PDS is the DNCP (Heemels, Schumacher & Weiland)
//   x' = F(t, x) + u1 - u2,  0 <= u1 perp x - lower >= 0,  0 <= u2 perp upper - x >= 0,
// i.e. N = [I; -I], M = 0, g = [-lower; upper], y = (u1, u2). c22 as printed uses x12; the
// default uses x22 (the likely intent).

#include <functional>
#include <string>

#include "dcs/problems/dlcp_dncp_problem.hpp"
#include "dcs/types.hpp"

namespace relcp::dcs {

struct ProjectedDynamicalSystem {
  std::string name;
  std::function<Vector(double t, const Vector& x)> F;
  std::function<DenseMatrix(double t, const Vector& x)> F_x;
  Vector lower;
  Vector upper;
  Vector x0;
};

struct SpatialPriceOptions {
  double x_max = 1.9;
  bool c22_as_printed = false;  // c22 = 0.02 x12^2 + 2 x12 + 11.5 instead of x22
};

// x = (x11, x12, x21, x22), x(0) = (0, 0.5, 1.5, 0).
ProjectedDynamicalSystem make_spatial_price_equilibrium(const SpatialPriceOptions& options);

// The DNCP form above (n = 2m).
DncpProblem as_dncp(const ProjectedDynamicalSystem& system);

// Componentwise projection onto the box.
Vector project_onto_box(const ProjectedDynamicalSystem& system, const Vector& x);

}  // namespace relcp::dcs
