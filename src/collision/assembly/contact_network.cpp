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
    // A solver stopped early (min-map) may leave round-off below zero.
    links.push_back(ContactLink{record.point_a, record.point_b, record.normal, std::max(0.0, gamma[i]),
                                record.body_a, record.body_b});
  }
  return links;
}

}  // namespace relcp::collision
