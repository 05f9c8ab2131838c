#pragma once
// The body space of one process holding the whole LCP (a BodySpaceLcp): plain Eigen products, no
// reductions, CHOLMOD factorizations. The serial tests' space, and rank 0's when the LCP is
// gathered there.

#include "collision/body_space/body_space.hpp"
#include "collision/body_space/body_space_lcp.hpp"

namespace relcp::collision {

class SerialBodySpace final : public BodySpace {
 public:
  explicit SerialBodySpace(const BodySpaceLcp& lcp) : lcp_(lcp) {}  // keeps a reference

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
};

}  // namespace relcp::collision
