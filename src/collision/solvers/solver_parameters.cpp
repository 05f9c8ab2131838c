#include "collision/solvers/solver_parameters.hpp"

namespace relcp::collision {

double SolverParameterValues::number(std::string_view key, double fallback) const {
  const auto found = values_.find(key);
  if (found == values_.end()) return fallback;
  return std::get<double>(found->second);
}

std::string SolverParameterValues::choice(std::string_view key, std::string_view fallback) const {
  const auto found = values_.find(key);
  if (found == values_.end()) return std::string(fallback);
  return std::get<std::string>(found->second);
}

}  // namespace relcp::collision
