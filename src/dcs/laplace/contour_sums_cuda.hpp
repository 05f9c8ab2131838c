#pragma once
// The CUDA back end of the contour sums (contour_sums.hpp): one thread per (time point, node,
// source component) for the convolutions, one thread per (time point, state component or mode)
// for the node sums. Tables and resolvents stay on the device between iterations. Without CUDA
// (or without a device) the factories throw as require_cuda_device().

#include <memory>
#include <vector>

#include "dcs/laplace/contour_sums.hpp"

namespace relcp::dcs {

std::unique_ptr<DenseContourSums> make_dense_contour_sums_cuda(const ContourTables& tables,
                                                               std::vector<Complex> resolvents, Eigen::Index m,
                                                               Eigen::Index r);
std::unique_ptr<DiagonalContourSums> make_diagonal_contour_sums_cuda(const ContourTables& tables, DiagonalModes modes,
                                                                     Eigen::Index r);

}  // namespace relcp::dcs
