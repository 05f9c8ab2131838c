#include "collision/body_space/body_space_nsgs.hpp"

#include <Eigen/SparseCore>

namespace relcp::collision {
namespace {

using Jacobian = Eigen::SparseMatrix<double, Eigen::RowMajor>;

double row_product(const Jacobian& R, Eigen::Index row, const Eigen::VectorXd& v) {
  double sum = 0.0;
  for (Jacobian::InnerIterator it(R, row); it; ++it) sum += it.value() * v[it.index()];
  return sum;
}

// s sum_j mu_j R_pj R_qj.
double weighted_row_dot(const Jacobian& R, const Eigen::VectorXd& mobility, double scale, Eigen::Index p,
                        Eigen::Index q) {
  Jacobian::InnerIterator a(R, p), b(R, q);
  double sum = 0.0;
  while (a && b) {
    if (a.index() < b.index()) {
      ++a;
    } else if (b.index() < a.index()) {
      ++b;
    } else {
      sum += mobility[a.index()] * a.value() * b.value();
      ++a;
      ++b;
    }
  }
  return scale * sum;
}

}  // namespace

BodySpaceNsgsResult body_space_nsgs(const BodySpaceLcp& lcp, const Eigen::VectorXd& c, const lcp::FrictionCones& cones,
                                    ConeModel model, double tolerance, int max_sweeps, Eigen::VectorXd& gamma,
                                    bool stop_when_out_of_reach) {
  const Jacobian& R = lcp.jacobian;
  const std::vector<ContactUnit> units = contact_units(cones, R.rows(), [&](Eigen::Index first, Eigen::Index rows) {
    ContactBlock W(rows, rows);
    for (Eigen::Index p = 0; p < rows; ++p) {
      for (Eigen::Index q = 0; q <= p; ++q) {
        W(p, q) = W(q, p) = weighted_row_dot(R, lcp.mobility, lcp.scale, first + p, first + q);
      }
    }
    return W;
  });
  Eigen::VectorXd v = lcp.mobility.cwiseProduct(R.transpose() * gamma);
  auto residual = [&] {
    Eigen::VectorXd g = lcp.scale * (R * v) + c;
    return cone_model_residual(cones, model, gamma.data(), g.data(), static_cast<std::size_t>(g.size()));
  };
  auto sweep = [&](bool backward) {
    double moved = 0.0;
    for (std::size_t index = 0; index < units.size(); ++index) {
      const ContactUnit& unit = units[backward ? units.size() - 1 - index : index];
      moved += relax_unit(
          unit, cones, model, gamma.data(),
          [&](Eigen::Index row) { return lcp.scale * row_product(R, row, v) + c[row]; },
          [&](Eigen::Index row, double change) {
            for (Jacobian::InnerIterator it(R, row); it; ++it) {
              v[it.index()] += lcp.mobility[it.index()] * it.value() * change;
            }
          });
    }
    return moved;
  };
  return run_nsgs_sweeps(residual, sweep, tolerance, max_sweeps, stop_when_out_of_reach);
}

}  // namespace relcp::collision
