#include "collision/assembly/constraint_set.hpp"

#include <algorithm>
#include <cstddef>
#include <cmath>
#include <stdexcept>
#include <string>

#include "core/parallel_loops.hpp"

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

// Sorts the records by sort_key: the keys with their positions are sorted, then the records are
// permuted in place along the permutation's cycles, each moved once. std::sort on the records
// themselves moved each about log n times (a record is over 300 bytes): 5 % of a frictional
// step on the 10,164-sphere stack (docs/collision.md).
void sort_by_key(std::vector<ConstraintRecord>& records) {
  using Key = decltype(sort_key(records.front()));
  const std::size_t n = records.size();
  std::vector<std::pair<Key, std::size_t>> keyed(n);
  for (std::size_t k = 0; k < n; ++k) keyed[k] = {sort_key(records[k]), k};
  std::sort(keyed.begin(), keyed.end());
  // Position k receives the record at keyed[k].second. Walk each cycle once.
  std::vector<bool> placed(n, false);
  for (std::size_t start = 0; start < n; ++start) {
    if (placed[start] || keyed[start].second == start) continue;
    ConstraintRecord held = std::move(records[start]);
    std::size_t target = start;
    for (;;) {
      placed[target] = true;
      const std::size_t source = keyed[target].second;
      if (source == start) {
        records[target] = std::move(held);
        break;
      }
      records[target] = std::move(records[source]);
      target = source;
    }
  }
}

}  // namespace

int ConstraintSet::append_generation(std::vector<ConstraintRecord> records) {
  // One pass over the records, threaded: the first bad record, whether they are sorted, and the
  // first of two sorted neighbours with the same key (10^6 bodies: 290 MB of records, three
  // serial passes took 0.04 s).
  const auto n = static_cast<std::ptrdiff_t>(records.size());
  std::ptrdiff_t first_bad = n;
  std::ptrdiff_t first_unsorted = n;
  std::ptrdiff_t first_duplicate = n;
#pragma omp parallel for if (n > kParallelMinimumBodies) schedule(static) \
    reduction(min                                                         \
              : first_bad, first_unsorted, first_duplicate)
  for (std::ptrdiff_t k = 0; k < n; ++k) {
    const ConstraintRecord& record = records[static_cast<std::size_t>(k)];
    if (problem_with(record) != nullptr) first_bad = std::min(first_bad, k);
    if (k == 0) continue;
    const auto previous = sort_key(records[static_cast<std::size_t>(k - 1)]);
    const auto key = sort_key(record);
    if (key < previous) first_unsorted = std::min(first_unsorted, k);
    if (key == previous) first_duplicate = std::min(first_duplicate, k);
  }
  if (first_bad < n) validate(records[static_cast<std::size_t>(first_bad)]);
  // Neighbour-search output already comes in this order: skip moving the records then.
  if (first_unsorted < n) {
    sort_by_key(records);
    const auto duplicate = std::adjacent_find(
        records.begin(), records.end(),
        [](const ConstraintRecord& x, const ConstraintRecord& y) { return sort_key(x) == sort_key(y); });
    first_duplicate = duplicate == records.end() ? n : duplicate - records.begin() + 1;
  }
  if (first_duplicate < n) {
    const ConstraintRecord& duplicate = records[static_cast<std::size_t>(first_duplicate)];
    throw std::invalid_argument("two constraints of pair (" + std::to_string(duplicate.body_a) + ", " +
                                std::to_string(duplicate.body_b) + ") with the same creation index in one generation");
  }
  generation_begin_.push_back(records_.size());
  if (records_.empty()) {
    // The first generation is taken as it is, with its spare capacity (deepest_point_constraints
    // leaves room for the ReLCP appends): no copy of the step's largest array.
    records_ = std::move(records);
    return generation_count() - 1;
  }
  if (records_.size() + records.size() > records_.capacity()) {
    records_.reserve((records_.size() + records.size()) * 9 / 8);  // room for the next appends
  }
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
