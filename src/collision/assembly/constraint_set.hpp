#pragma once
// The constraints one rank owns, in generations: generation 0 holds the constraints of a step's
// first LCP, each ReLCP iteration appends one more (Palmer et al. 2025, eq. (24) in the
// append-only form of docs/collision.md: rows are never removed
// or changed). Local order is generation-major and by sort_key within a generation, so the rows
// of earlier generations keep their local positions when a generation is appended.

#include <cstddef>
#include <vector>

#include "collision/assembly/constraint_record.hpp"

namespace relcp::collision {

class ConstraintSet {
 public:
  // Sorts `records` by sort_key and appends them as a new generation (possibly empty); returns
  // its index. Throws std::invalid_argument for a record without body A, with B = A, a wall
  // record without wall index, a non-finite row or phi, or two records with the same key.
  // The first generation's vector is kept as it is, spare capacity included (no copy); later
  // ones are appended, the storage growing by an eighth more than it needs.
  int append_generation(std::vector<ConstraintRecord> records);
  void clear();

  std::size_t size() const { return records_.size(); }
  int generation_count() const { return static_cast<int>(generation_begin_.size()); }
  std::size_t generation_begin(int generation) const { return generation_begin_.at(generation); }
  std::size_t generation_end(int generation) const;
  std::size_t generation_size(int generation) const {
    return generation_end(generation) - generation_begin(generation);
  }

  const ConstraintRecord& operator[](std::size_t local) const { return records_[local]; }
  const std::vector<ConstraintRecord>& records() const { return records_; }

 private:
  std::vector<ConstraintRecord> records_;
  std::vector<std::size_t> generation_begin_;
};

}  // namespace relcp::collision
