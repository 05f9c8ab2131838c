#include "collision/assembly/constraint_set.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace relcp::collision {
namespace {

// The first thing wrong with the record, or nullptr (the message is built only for a bad record:
// building it for every row cost a tenth of the assembly at 10^5 bodies).
const char* problem_with(const ConstraintRecord& record) {
  if (record.body_a < 0) return "no body A";
  if (record.body_b == record.body_a) return "body B is body A";
  if (record.body_b < kNoBody) return "negative id of body B";
  if (record.is_wall() && record.wall < 0) return "no wall index";
  if (!record.row.allFinite() || !std::isfinite(record.phi)) return "non-finite row or phi";
  return nullptr;
}

void validate(const ConstraintRecord& record) {
  if (const char* problem = problem_with(record)) {
    throw std::invalid_argument("constraint (" + std::to_string(record.body_a) + ", " + std::to_string(record.body_b) +
                                "): " + problem);
  }
}

}  // namespace

int ConstraintSet::append_generation(std::vector<ConstraintRecord> records) {
  for (const ConstraintRecord& record : records) validate(record);
  const auto by_key = [](const ConstraintRecord& x, const ConstraintRecord& y) { return sort_key(x) < sort_key(y); };
  // Neighbour-search output already comes in this order: skip moving 200-byte records then.
  if (!std::is_sorted(records.begin(), records.end(), by_key)) {
    std::sort(records.begin(), records.end(), by_key);
  }
  const auto duplicate = std::adjacent_find(
      records.begin(), records.end(),
      [](const ConstraintRecord& x, const ConstraintRecord& y) { return sort_key(x) == sort_key(y); });
  if (duplicate != records.end()) {
    throw std::invalid_argument("two constraints of pair (" + std::to_string(duplicate->body_a) + ", " +
                                std::to_string(duplicate->body_b) + ") with the same creation index in one generation");
  }
  generation_begin_.push_back(records_.size());
  records_.insert(records_.end(), std::make_move_iterator(records.begin()), std::make_move_iterator(records.end()));
  return generation_count() - 1;
}

void ConstraintSet::clear() {
  records_.clear();
  generation_begin_.clear();
}

std::size_t ConstraintSet::generation_end(int generation) const {
  if (generation < 0 || generation >= generation_count()) {
    throw std::out_of_range("ConstraintSet: no generation " + std::to_string(generation));
  }
  return generation + 1 < generation_count() ? generation_begin_[generation + 1] : records_.size();
}

}  // namespace relcp::collision
