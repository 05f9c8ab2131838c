#pragma once
// The body space of one process holding the whole LCP (a BodySpaceLcp): plain Eigen products, no
// reductions, CHOLMOD factorizations. The serial tests' space, and rank 0's when the LCP is
// gathered there.

#include "collision/body_space/body_space.hpp"
#include "collision/body_space/body_space_lcp.hpp"

namespace relcp::collision {

struct FillOrderingMemory;

class SerialBodySpace final : public BodySpace {
 public:
  // Keeps a reference to lcp, and to `ordering` (may be null), which its factorizations order with
  // (cholmod_newton_factorization.hpp).
  explicit SerialBodySpace(const BodySpaceLcp& lcp, FillOrderingMemory* ordering = nullptr)
      : lcp_(lcp), ordering_(ordering) {}

  Eigen::Index local_rows() const override { return lcp_.jacobian.rows(); }
  const Eigen::VectorXd& mobility() const override { return lcp_.mobility; }
  double scale() const override { return lcp_.scale; }
  Eigen::VectorXd multiply(const Eigen::VectorXd& velocities) const override { return lcp_.jacobian * velocities; }
  Eigen::VectorXd multiply_transpose(const Eigen::VectorXd& rows) const override {
    return lcp_.jacobian.transpose() * rows;
  }
  void sum(double*, int) const override {}
  double max(double local) const override { return local; }
  std::unique_ptr<NewtonFactorization> newton_factorization() const override;

  using BodySpace::sum;

 private:
  const BodySpaceLcp& lcp_;
  FillOrderingMemory* ordering_;
};

}  // namespace relcp::collision
