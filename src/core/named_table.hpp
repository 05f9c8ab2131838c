#pragma once
// Entries known by their `name`, in the order they were added: the storage behind the tables of
// pluggable families (distributed solvers, contact strategies; docs/extending.md).

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace relcp {

template <class Entry>
class NamedTable {
 public:
  explicit NamedTable(std::vector<Entry> entries) : entries_(std::move(entries)) {}

  const std::vector<Entry>& entries() const { return entries_; }

  // Null when no entry has this name.
  const Entry* find(std::string_view name) const {
    for (const Entry& entry : entries_) {
      if (entry.name == name) return &entry;
    }
    return nullptr;
  }

  // Throws std::invalid_argument (naming `table`) for a name already taken or an entry without
  // a factory.
  void add(const Entry& entry, std::string_view table) {
    if (find(entry.name) != nullptr || entry.make == nullptr) {
      throw std::invalid_argument(std::string(table) + ": '" + std::string(entry.name) +
                                  "' is taken or has no factory");
    }
    entries_.push_back(entry);
  }

  std::vector<std::string> names() const {
    std::vector<std::string> names;
    for (const Entry& entry : entries_) names.emplace_back(entry.name);
    return names;
  }

 private:
  std::vector<Entry> entries_;
};

}  // namespace relcp
