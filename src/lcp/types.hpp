#pragma once

#include <Eigen/Core>
#include <Eigen/SparseCore>

namespace relcp::lcp {

using Vector = Eigen::VectorXd;
using DenseMatrix = Eigen::MatrixXd;
using SparseMatrix = Eigen::SparseMatrix<double, Eigen::RowMajor, int>;
using Index = Eigen::Index;

}  // namespace relcp::lcp
