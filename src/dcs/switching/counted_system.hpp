#pragma once
// Evaluates a DecomposedSystem and counts the evaluations the way Stewart's tables do:
// one count per f^j_k, per h^j_k and per grad h^j_k evaluated.

#include <cstdint>

#include "dcs/switching/active_set.hpp"
#include "dcs/switching/decomposed_system.hpp"

namespace relcp::dcs {

struct EvaluationCounts {
  std::int64_t f = 0;       // f^j_k evaluations
  std::int64_t h = 0;       // h^j_k evaluations
  std::int64_t grad_h = 0;  // grad h^j_k evaluations
};

class CountedSystem {
 public:
  explicit CountedSystem(const DecomposedSystem& system) : system_(system) {}

  const DecomposedSystem& system() const { return system_; }
  const EvaluationCounts& counts() const { return counts_; }

  void mode_rhs(int term, int mode, double t, const Vector& x, Vector& out) {
    ++counts_.f;
    system_.mode_rhs(term, mode, t, x, out);
  }
  double indicator(int term, int mode, const Vector& x) {
    ++counts_.h;
    return system_.indicator(term, mode, x);
  }
  void indicator_gradient(int term, int mode, const Vector& x, Vector& out) {
    ++counts_.grad_h;
    system_.indicator_gradient(term, mode, x, out);
  }

  // Every h^j_k(x), one row per term.
  IndicatorValues indicators(const Vector& x);

 private:
  const DecomposedSystem& system_;
  EvaluationCounts counts_;
};

}  // namespace relcp::dcs
