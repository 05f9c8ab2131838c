#include "collision/body_space/serial_body_space.hpp"

#include "collision/body_space/cholmod_newton_factorization.hpp"

namespace relcp::collision {

std::unique_ptr<NewtonFactorization> SerialBodySpace::newton_factorization() const {
  return std::make_unique<CholmodNewtonFactorization>(lcp_.jacobian, ordering_, &lcp_.column_keys);
}

}  // namespace relcp::collision
