#include "dcs/laplace/contour_tables.hpp"

#include <cmath>

#include "core/error.hpp"
#include "dcs/laplace/contour_phi_functions.hpp"

namespace relcp::dcs {

ContourTables make_contour_tables(const HyperbolicContour& contour, double h, int steps) {
  if (!std::isfinite(h) || !(h > 0.0)) throw InputError("h", "the step h must be positive");
  if (steps < 1) throw InputError("J", "the time grid needs at least one step");
  ContourTables tables;
  tables.steps = steps;
  tables.nodes = contour.half_nodes() + 1;
  tables.h = h;
  const std::size_t count = static_cast<std::size_t>(steps) * static_cast<std::size_t>(tables.nodes);
  tables.shift.resize(count);
  tables.weight.resize(count);
  tables.decay.resize(count);
  tables.span.resize(count);
  tables.left.resize(count);
  tables.right.resize(count);
  // Pure per-entry arithmetic: the threads change nothing in the results.
#pragma omp parallel for schedule(static) if (steps >= 128)
  for (int j = 1; j <= steps; ++j) {
    const double t = j * h;
    for (int p = 0; p < tables.nodes; ++p) {
      const std::size_t at = tables.index(j, p);
      const Complex z = contour.node(p, t);
      // z h = w_p / j exactly, without the rounding of t_j.
      const Complex zh = contour.node(p) / static_cast<double>(j);
      const PhiValues phi = phi_functions(zh);
      tables.shift[at] = z;
      tables.weight[at] = contour.half_sum_weight(p, t);
      tables.decay[at] = std::exp(zh);
      tables.span[at] = std::exp(contour.node(p));
      tables.left[at] = h * (phi.phi1 - phi.phi2);
      tables.right[at] = h * phi.phi2;
    }
  }
  return tables;
}

}  // namespace relcp::dcs
