#pragma once
// Stewart's switching function (Algorithm 2):
//
//   psi(I, x, t) = min_p min( min_{i in I^p} z^p_i,
//                             min_{j not in I^p} h^p_j(x) - min_{i in I^p} h^p_i(x),
//                             t* - t )
//
// It turns negative when an active weight leaves [0, 1] (a mode can no longer be kept, e.g. the
// friction needed exceeds the bound), when an inactive indicator undercuts the active ones (a
// region boundary was crossed) or when t passes the restart time t*.

#include <vector>

#include "dcs/switching/active_set.hpp"
#include "dcs/types.hpp"

namespace relcp::dcs {

double switching_function(const ActiveSet& active, const std::vector<Vector>& weights,
                          const IndicatorValues& indicators, double t, double restart_time);

}  // namespace relcp::dcs
