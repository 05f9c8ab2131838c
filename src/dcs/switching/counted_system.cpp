#include "dcs/switching/counted_system.hpp"

namespace relcp::dcs {

IndicatorValues CountedSystem::indicators(const Vector& x) {
  IndicatorValues values(system_.term_count());
  for (int term = 0; term < system_.term_count(); ++term) {
    values[term].resize(system_.mode_count(term));
    for (int mode = 0; mode < system_.mode_count(term); ++mode) {
      values[term][mode] = indicator(term, mode, x);
    }
  }
  return values;
}

}  // namespace relcp::dcs
