#pragma once
// Dense linear-algebra types of the dynamic complementarity layer.

#include <Eigen/Core>

namespace relcp::dcs {

using Vector = Eigen::VectorXd;
using DenseMatrix = Eigen::MatrixXd;

}  // namespace relcp::dcs
