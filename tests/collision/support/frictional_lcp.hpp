#pragma once
// A random contact LCP with friction cones on this rank's rows, for the frictional solver tests
// (nsgs, the Coulomb fixed point, Jacobi scaling on the cones), and the exact Coulomb problem's
// natural map computed independently of every solver.

#include <mpi.h>

#include <cstdint>
#include <random>
#include <vector>

#include "collision/assembly/contact_operator.hpp"
#include "collision/linalg/distributed_vector_ops.hpp"
#include "collision/solvers/coulomb_fixed_point.hpp"
#include "lcp/friction/friction_cone.hpp"
#include "random_contact_problem.hpp"

namespace relcp::collision::testing {

// A random contact LCP over three generations, c with both signs (some contacts load, some
// separate), and cones on row blocks of this rank.
class FrictionalLcp {
 public:
  explicit FrictionalLcp(std::uint64_t seed)
      : problem_(MPI_COMM_WORLD, shape(seed)),
        matrix_(problem_.matrix(problem_.generations())),
        mobility_(problem_.mobility()),
        A_(matrix_, mobility_, 0.1),
        c_(matrix_.constraint_layout()) {
    std::mt19937_64 rng(seed + 7 + static_cast<unsigned>(rank_of(MPI_COMM_WORLD)));
    std::uniform_real_distribution<double> unit(-1.0, 0.5);
    for (std::size_t i = 0; i < c_.local_size(); ++i) c_.local_data()[i] = unit(rng);
  }
  DistributedLcp lcp() const { return {A_, c_}; }
  const DistributedVector& c() const { return c_; }
  DistributedVector diagonal() const {
    DistributedVector d(c_.layout());
    A_.diagonal(d);
    return d;
  }
  // Coulomb cones (mu) on row triples, or six-row cones with rolling and spinning, with a
  // unilateral row between blocks.
  lcp::FrictionCones cones(double mu, double rolling = 0.0, double spinning = 0.0) const {
    const lcp::FrictionConeBlock pattern{0, mu, rolling, spinning};
    std::vector<lcp::FrictionConeBlock> blocks;
    for (std::size_t row = 0; row + pattern.rows() <= c_.local_size(); row += pattern.rows() + 1) {
      blocks.push_back({row, mu, rolling, spinning});
    }
    return lcp::FrictionCones(c_.local_size(), blocks);
  }
  // ||gamma - P_K(gamma - (g + s(g)))||_inf with g = A gamma + c, the exact problem's natural map.
  double exact_residual(const lcp::FrictionCones& cones, const DistributedVector& gamma) const {
    DistributedVector g(c_.layout()), s(c_.layout()), map(c_.layout());
    A_.apply(gamma, g);
    axpy(1.0, c_, g);
    de_saxce_shift(cones, g, s);
    combine(1.0, gamma, -1.0, g, map);
    combine(1.0, map, -1.0, s, map);
    cones.project({map.local_data(), map.local_size()});
    combine(1.0, gamma, -1.0, map, map);
    return norm_inf(map);
  }

 private:
  static ProblemShape shape(std::uint64_t seed) {
    ProblemShape s;
    s.bodies = 60;
    s.rows_per_generation = {90, 20, 10};
    s.seed = seed;
    return s;
  }
  RandomContactProblem problem_;
  DistributedConstraintMatrix matrix_;
  BlockDiagonalMobility mobility_;
  ContactOperator A_;
  DistributedVector c_;
};

// ||a - b||_inf over all ranks.
inline double max_difference(const DistributedVector& a, const DistributedVector& b) {
  DistributedVector d(a.layout());
  combine(1.0, a, -1.0, b, d);
  return norm_inf(d);
}

}  // namespace relcp::collision::testing
