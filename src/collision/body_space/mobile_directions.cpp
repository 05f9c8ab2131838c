#include "collision/body_space/mobile_directions.hpp"

#include <Eigen/Eigenvalues>
#include <vector>

namespace relcp::collision {
namespace {
constexpr double kDroppedMobility = 1e-12;
}

MobileDirections mobile_directions(const Eigen::Matrix<double, 6, 6>& block) {
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix<double, 6, 6>> eigen(block);
  const double largest = eigen.eigenvalues().cwiseAbs().maxCoeff();
  std::vector<int> kept;
  for (int i = 0; i < 6; ++i) {
    if (largest > 0.0 && eigen.eigenvalues()[i] > kDroppedMobility * largest) kept.push_back(i);
  }
  MobileDirections directions;
  const auto count = static_cast<Eigen::Index>(kept.size());
  directions.basis.resize(6, count);
  directions.mobility.resize(count);
  for (Eigen::Index i = 0; i < count; ++i) {
    directions.basis.col(i) = eigen.eigenvectors().col(kept[static_cast<std::size_t>(i)]);
    directions.mobility[i] = eigen.eigenvalues()[kept[static_cast<std::size_t>(i)]];
  }
  return directions;
}

}  // namespace relcp::collision
