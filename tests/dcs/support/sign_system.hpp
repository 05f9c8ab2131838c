#pragma once
// Test systems with one sign discontinuity per component and their exact solutions:
//   x_i' = -a_i sgn(x_i) + c_i cos(omega_i t),   i = 0..m-1 (Stewart's example (5) has c = 0).
// Mode 0 of term i is x_i > 0 (indicator -x_i), mode 1 is x_i < 0 (indicator +x_i).

#include <cmath>
#include <functional>
#include <vector>

#include "dcs/switching/decomposed_system.hpp"

namespace relcp::dcs::testing {

struct SignComponent {
  double a = 1.0;      // > 0 attracting surface x = 0, < 0 repelling
  double c = 0.0;      // forcing amplitude
  double omega = 1.0;  // forcing frequency
};

class SignSystem final : public DecomposedSystem {
 public:
  explicit SignSystem(std::vector<SignComponent> components) : components_(std::move(components)) {}

  int state_size() const override { return static_cast<int>(components_.size()); }
  int term_count() const override { return static_cast<int>(components_.size()); }
  int mode_count(int) const override { return 2; }
  void mode_rhs(int term, int mode, double t, const Vector&, Vector& out) const override {
    const SignComponent& k = components_[term];
    out.setZero();
    out[term] = (mode == 0 ? -k.a : k.a) + k.c * std::cos(k.omega * t);
  }
  double indicator(int term, int mode, const Vector& x) const override { return mode == 0 ? -x[term] : x[term]; }
  void indicator_gradient(int term, int mode, const Vector&, Vector& out) const override {
    out.setZero();
    out[term] = mode == 0 ? -1.0 : 1.0;
  }

 private:
  std::vector<SignComponent> components_;
};

// Root of a continuous g on [lo, hi] with g(lo) and g(hi) of opposite signs, by bisection.
inline double bisect(const std::function<double(double)>& g, double lo, double hi) {
  const bool lo_positive = g(lo) > 0;
  for (int i = 0; i < 200 && hi - lo > 1e-15 * std::max(1.0, std::abs(hi)); ++i) {
    const double mid = 0.5 * (lo + hi);
    if ((g(mid) > 0) == lo_positive)
      lo = mid;
    else
      hi = mid;
  }
  return 0.5 * (lo + hi);
}

// The exact Filippov solution of one attracting component (a > 0), as the times where it
// starts or stops sliding plus an evaluator. Found by scanning with step `scan` and bisection.
class ExactSignSolution {
 public:
  ExactSignSolution(SignComponent k, double x0, double t_end, double scan = 1e-3) : k_(k) {
    double t = 0.0, x = x0;
    int direction = x0 > 0 ? 1 : (x0 < 0 ? -1 : 0);  // 0: stuck
    if (direction == 0) direction = sliding_direction(0.0);
    pieces_.push_back({0.0, x, direction});
    while (t < t_end) {
      double next = std::min(t + scan, t_end);
      const Piece& piece = pieces_.back();
      if (piece.direction != 0) {
        const auto position = [&](double s) { return evaluate_piece(piece, s); };
        if (position(next) * piece.direction <= 0.0) {  // reaches 0: sticks or reverses
          const double hit = bisect(position, t, next);
          events_.push_back(hit);
          pieces_.push_back({hit, 0.0, sliding_direction(hit)});
          x = 0.0;
        }
      } else {
        const auto excess = [&](double s) { return std::abs(force(s)) - k_.a; };
        if (excess(next) > 0.0) {
          const double leave = bisect(excess, t, next);
          events_.push_back(leave);
          pieces_.push_back({leave, 0.0, force(next) > 0 ? 1 : -1});
        }
      }
      t = next;
    }
  }

  const std::vector<double>& switching_times() const { return events_; }

  double position(double t) const {
    for (std::size_t i = pieces_.size(); i-- > 0;) {
      if (pieces_[i].start <= t) return evaluate_piece(pieces_[i], t);
    }
    return pieces_.front().x;
  }

 private:
  struct Piece {
    double start;
    double x;
    int direction;  // +1 / -1 sliding, 0 stuck
  };

  double force(double t) const { return k_.c * std::cos(k_.omega * t); }
  // Direction of motion starting from x = 0 at time t: 0 when the forcing is within the bound.
  int sliding_direction(double t) const {
    if (std::abs(force(t)) <= k_.a) return 0;
    return force(t) > 0 ? 1 : -1;
  }
  double evaluate_piece(const Piece& piece, double t) const {
    if (piece.direction == 0) return 0.0;
    return piece.x - piece.direction * k_.a * (t - piece.start) +
           k_.c / k_.omega * (std::sin(k_.omega * t) - std::sin(k_.omega * piece.start));
  }

  SignComponent k_;
  std::vector<Piece> pieces_;
  std::vector<double> events_;
};

}  // namespace relcp::dcs::testing
