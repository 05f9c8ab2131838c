#pragma once
// Stewart's active-set tuple I = (I^1, ..., I^m): for each discontinuous term j the modes k
// whose regions R^j_k contain the current state in their closure. Modes are 0-based here.

#include <string>
#include <vector>

namespace relcp::dcs {

using ModeSet = std::vector<int>;        // sorted, distinct mode indices of one term
using ActiveSet = std::vector<ModeSet>;  // one ModeSet per term

// Indicator values h^j_k(x), one row per term.
using IndicatorValues = std::vector<std::vector<double>>;

// card I = sum_j card I^j.
int cardinality(const ActiveSet& active);

// True when no term has an empty mode set (Stewart's "null-free").
bool is_null_free(const ActiveSet& active);

// I_eps^j = { k : h^j_k < min_l h^j_l + eps }: the modes within eps of the smallest indicator.
ActiveSet epsilon_active_set(const IndicatorValues& indicators, double epsilon);

// I^j = { k : h^j_k is the smallest }, ties to the lowest index: the mode a fixed-step
// method without switching logic applies (Taubert's methods).
std::vector<int> selected_modes(const IndicatorValues& indicators);

// "({0},{0,1})": for logs and error messages.
std::string to_string(const ActiveSet& active);
std::string to_string(const ModeSet& modes);

}  // namespace relcp::dcs
