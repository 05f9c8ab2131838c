#include "lcp/friction/friction_contact_problem.hpp"

#include <cmath>
#include <stdexcept>
#include <utility>
#include <vector>

namespace relcp::lcp {
namespace {

FrictionCones cones_of(Index size, const Vector& mu) {
  if (mu.size() < 1) throw std::invalid_argument("FrictionContactProblem: no contact");
  if (size != FrictionContactProblem::kDimension * mu.size()) {
    throw std::invalid_argument("FrictionContactProblem: W and q must have 3 rows per contact");
  }
  std::vector<FrictionConeBlock> blocks;
  blocks.reserve(static_cast<std::size_t>(mu.size()));
  for (Index contact = 0; contact < mu.size(); ++contact) {
    const auto row = static_cast<std::size_t>(FrictionContactProblem::kDimension * contact);
    blocks.push_back({row, mu[contact]});
  }
  // FrictionCones rejects a negative or non-finite mu.
  return FrictionCones(static_cast<std::size_t>(size), std::move(blocks));
}

}  // namespace

FrictionContactProblem::FrictionContactProblem(LcpProblem local, Vector mu)
    : local_(std::move(local)), mu_(std::move(mu)), cones_(cones_of(local_.size(), mu_)) {}

}  // namespace relcp::lcp
