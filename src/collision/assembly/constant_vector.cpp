#include "collision/assembly/constant_vector.hpp"

#include <algorithm>
#include <stdexcept>

namespace relcp::collision {

DistributedVector extend_constant_vector(const DistributedConstraintMatrix& matrix, const DistributedVector* previous,
                                         const DistributedVector& velocity, double dt) {
  const ConstraintSet& set = matrix.constraints();
  const int newest = matrix.generation_count() - 1;
  const std::size_t begin = newest < 0 ? set.size() : set.generation_begin(newest);
  const std::size_t earlier = previous == nullptr ? 0 : previous->local_size();
  if (earlier != begin) {
    throw std::invalid_argument("extend_constant_vector: the previous c must cover exactly the earlier generations");
  }
  DistributedVector c(matrix.constraint_layout());
  matrix.multiply_newest(velocity, c);
  if (previous != nullptr) std::copy_n(previous->local_data(), earlier, c.local_data());
  for (std::size_t r = begin; r < set.size(); ++r) c[r] = set[r].phi + dt * c[r];
  return c;
}

}  // namespace relcp::collision
