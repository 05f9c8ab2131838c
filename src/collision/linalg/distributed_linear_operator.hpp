#pragma once
// A square linear operator on distributed vectors: what the distributed LCP solvers apply.
// C++17-clean; the Tpetra::Operator behind it is reached through an opaque handle by the files
// that include Trilinos (the Belos solves of the min-map solver).

#include <memory>

#include "collision/linalg/distributed_vector.hpp"

namespace relcp::collision {

struct TpetraOperatorHandle;  // tpetra_handles.hpp

class DistributedLinearOperator {
 public:
  virtual ~DistributedLinearOperator() = default;
  // The layout of x and y in y = A x.
  virtual VectorLayout layout() const = 0;
  // Collective. y = A x.
  virtual void apply(const DistributedVector& x, DistributedVector& y) const = 0;
  // Collective. y = S A S x with S = diag(s), where the operator can fold the scaling into its own
  // passes; false (y untouched) where it cannot, and the caller scales around apply().
  virtual bool apply_symmetrically_scaled(const DistributedVector& /*s*/, const DistributedVector& /*x*/,
                                          DistributedVector& /*y*/) const {
    return false;
  }
  // The same operator as a Tpetra::Operator.
  virtual std::shared_ptr<const TpetraOperatorHandle> tpetra() const = 0;
};

}  // namespace relcp::collision
