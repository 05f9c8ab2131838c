#pragma once
// One rank's rows of R = J Q in the distributed body space (distributed_body_space.hpp), with
// global direction indices, in the constraint layout's local row order: what its Newton
// factorizations assemble from.

#include <cstddef>
#include <vector>

#include "collision/linalg/tpetra_handles.hpp"

namespace relcp::collision {

struct LocalJacobianRows {
  std::vector<std::size_t> offsets{0};
  std::vector<tpetra::GlobalOrdinal> columns;  // sorted within a row
  std::vector<double> values;
  std::size_t size() const { return offsets.size() - 1; }
};

}  // namespace relcp::collision
