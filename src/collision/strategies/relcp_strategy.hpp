#pragma once
// ReLCP, the append-only recursive LCP (Palmer et al. 2025, Sec. 3.1, App. C): deepest-point rows
// at C^k as for single; after each solve one new deepest-point row per pair or wall whose true
// separation at the trial configuration is below -tolerance. Old rows and their constant terms
// never change; at most `max_solves` LCPs per step.

#include "collision/strategies/contact_strategy.hpp"

namespace relcp::collision {

class RelcpStrategy : public ContactStrategy {
 public:
  RelcpStrategy(double search_buffer, double tolerance, int max_solves)
      : search_buffer_(search_buffer), tolerance_(tolerance), max_solves_(max_solves) {}
  std::string_view name() const override { return "relcp"; }
  std::vector<ConstraintRecord> rows_at_start(const ContactScene& start) const override;
  std::vector<ConstraintRecord> rows_at_trial(const ContactScene& trial) const override;
  int max_solves() const override { return max_solves_; }

 private:
  double search_buffer_;
  double tolerance_;
  int max_solves_;
};

}  // namespace relcp::collision
