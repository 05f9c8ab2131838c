#pragma once
// A body's mobile directions: its mobility block diagonalised, M_b = Q_b diag(mu_b) Q_b^T, keeping
// the eigenvectors whose mobility exceeds 1e-12 times the block's largest (a monolayer's block
// is singular off the plane; an immobile body keeps none).

#include <Eigen/Core>

namespace relcp::collision {

struct MobileDirections {
  Eigen::Matrix<double, 6, Eigen::Dynamic> basis;  // Q_b, one column per kept direction
  Eigen::VectorXd mobility;                        // mu_b > 0 of each column
};

MobileDirections mobile_directions(const Eigen::Matrix<double, 6, 6>& block);

}  // namespace relcp::collision
