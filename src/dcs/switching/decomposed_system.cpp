#include "dcs/switching/decomposed_system.hpp"

namespace relcp::dcs {

std::string DecomposedSystem::state_name(int index) const {
  std::string name = "y";
  return name.append(std::to_string(index));
}

std::string DecomposedSystem::term_name(int term) const { return std::to_string(term); }

std::string DecomposedSystem::mode_set_label(int /*term*/, const ModeSet& modes) const {
  std::string label;
  for (std::size_t i = 0; i < modes.size(); ++i) {
    if (i > 0) label += "+";
    label += std::to_string(modes[i]);
  }
  return label;
}

}  // namespace relcp::dcs
