#include "collision/strategies/repeated_contact_margin.hpp"

#include <algorithm>
#include <stdexcept>

namespace relcp::collision {
namespace {

ContactKey key_of(const ConstraintRecord& record) { return {record.body_a, record.body_b, record.wall}; }

}  // namespace

double repeated_contact_margin(double solver_tolerance, double overlap_tolerance) {
  return std::max(0.0, solver_tolerance - 0.5 * overlap_tolerance);
}

std::vector<ContactKey> contacts_appended_at_trials(const ConstraintSet& set) {
  std::vector<ContactKey> keys;
  if (set.generation_count() < 2) return keys;
  for (std::size_t r = set.generation_begin(1); r < set.size(); ++r) {
    if (set[r].is_normal()) keys.push_back(key_of(set[r]));
  }
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  return keys;
}

std::size_t lower_repeated_contacts(const ConstraintSet& set, std::span<const ContactKey> earlier, double margin,
                                    std::span<double> constant) {
  if (constant.size() != set.size()) {
    throw std::invalid_argument("lower_repeated_contacts: the constant must have one entry per row");
  }
  if (margin <= 0.0 || earlier.empty() || set.generation_count() < 2) return 0;
  std::size_t lowered = 0;
  for (std::size_t r = set.generation_begin(set.generation_count() - 1); r < set.size(); ++r) {
    if (!set[r].is_normal() || !std::binary_search(earlier.begin(), earlier.end(), key_of(set[r]))) continue;
    constant[r] -= margin;
    ++lowered;
  }
  return lowered;
}

}  // namespace relcp::collision
