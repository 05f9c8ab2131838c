#include "dcs/laplace/contour_sums_cuda.hpp"

#include "dcs/device/device_query_cuda.hpp"

namespace relcp::dcs {

#ifndef RELCP_HAVE_CUDA
// Without a CUDA build there is no device code: report why (require_cuda_device throws).
std::unique_ptr<DenseContourSums> make_dense_contour_sums_cuda(const ContourTables&, std::vector<Complex>, Eigen::Index,
                                                               Eigen::Index) {
  require_cuda_device();
  return nullptr;
}

std::unique_ptr<DiagonalContourSums> make_diagonal_contour_sums_cuda(const ContourTables&, DiagonalModes,
                                                                     Eigen::Index) {
  require_cuda_device();
  return nullptr;
}
#endif

}  // namespace relcp::dcs
