#include "collision/body_space/body_space.hpp"

#include <cmath>

namespace relcp::collision {

double largest_eigenvalue(const BodySpace& space, int iterations) {
  const double rows = space.sum(static_cast<double>(space.local_rows()));
  if (rows == 0.0) return 0.0;
  Eigen::VectorXd x = Eigen::VectorXd::Constant(space.local_rows(), 1.0 / std::sqrt(rows));
  double estimate = 0.0;
  for (int k = 0; k < iterations; ++k) {
    const Eigen::VectorXd Ax = space.contact_product(x);
    double sums[2] = {x.dot(Ax), Ax.squaredNorm()};
    space.sum(sums, 2);
    estimate = sums[0];
    const double norm = std::sqrt(sums[1]);
    if (!(norm > 0.0)) break;
    x = Ax / norm;
  }
  return estimate;
}

}  // namespace relcp::collision
