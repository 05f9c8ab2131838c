#include "collision/assembly/contact_network.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace relcp::collision {

std::vector<ContactLink> contact_network(const ConstraintSet& constraints, const DistributedVector& gamma) {
  if (gamma.local_size() != constraints.size()) {
    throw std::invalid_argument("contact_network: " + std::to_string(gamma.local_size()) + " forces for " +
                                std::to_string(constraints.size()) + " constraints");
  }
  std::vector<ContactLink> links;
  links.reserve(constraints.size());
  for (std::size_t i = 0; i < constraints.size(); ++i) {
    const ConstraintRecord& record = constraints[i];
    if (!record.is_normal()) continue;
    // A solver stopped early (min-map) may leave round-off below zero.
    ContactLink link{record.point_a, record.point_b, record.normal, std::max(0.0, gamma[i]),
                     Vec3::Zero(),   record.body_a,  record.body_b};
    for (std::size_t t = i + 1; t < constraints.size() && t <= i + 2 && !constraints[t].is_normal(); ++t) {
      link.tangential_force += gamma[t] * constraints[t].tangent;
    }
    links.push_back(link);
  }
  return links;
}

}  // namespace relcp::collision
