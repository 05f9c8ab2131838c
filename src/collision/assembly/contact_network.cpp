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
    ContactLink link;
    link.point_a = record.point_a;
    link.point_b = record.point_b;
    link.normal = record.normal;
    link.force = std::max(0.0, gamma[i]);
    link.body_a = record.body_a;
    link.body_b = record.body_b;
    for (std::size_t t = i + 1; t < constraints.size() && !constraints[t].is_normal(); ++t) {
      const ConstraintRecord& row = constraints[t];
      if (row.is_tangent()) {
        link.tangential_force += gamma[t] * row.tangent;
      } else {
        // The torque on A is the row's angular entries of A times the force; minus that on B.
        link.resistance_torque -= gamma[t] * Vec3(row.row.segment<3>(3));
      }
    }
    links.push_back(link);
  }
  return links;
}

}  // namespace relcp::collision
