#include <array>

#include "io/scenario/scenario_sections.hpp"
#include "io/scenario/scenario_values.hpp"

namespace relcp::io {

ParallelSettings read_parallel_section(const YamlNodeReader& section) {
  section.expect_map();
  constexpr auto kKeys = std::to_array<std::string_view>({"partitioner", "rebalance_every"});
  section.expect_only_keys(kKeys);
  ParallelSettings settings;
  if (const auto partitioner = section.optional_child("partitioner")) {
    settings.partitioner =
        particles::partition_method_from_name(as_choice(*partitioner, {"rcb", "multijagged"}, "partitioner"));
  }
  if (const auto every = section.optional_child("rebalance_every")) settings.rebalance_every = as_count(*every);
  return settings;
}

}  // namespace relcp::io
