#pragma once
// Scalar expressions of the time t (muParser syntax: sin(2*pi*t), t*exp(-t), _pi, ...), used for
// the forcing f(t) and g(t) of scenario files. An expression is compiled once and checked at
// construction by evaluating it at t = 0, so a bad one is reported before any run starts.
//
// Evaluation is not thread-safe (muParser keeps per-parser state); copies share the compiled
// parser. Sample forcing terms serially before parallel sections.

#include <memory>
#include <string>
#include <vector>

#include "dcs/types.hpp"

namespace mu {
class Parser;
}

namespace relcp::dcs {

class TimeExpression {
 public:
  // Throws InputError (empty key) with muParser's message when the text does not parse or
  // uses a name other than t, pi and muParser's built-ins.
  explicit TimeExpression(std::string text);

  const std::string& text() const { return text_; }
  double operator()(double t) const;

 private:
  struct Compiled;
  std::string text_;
  std::shared_ptr<Compiled> compiled_;
};

// One expression per component.
class TimeExpressionVector {
 public:
  TimeExpressionVector() = default;
  // Throws InputError whose message names the failing component ("component 1: ...").
  explicit TimeExpressionVector(const std::vector<std::string>& texts);

  Eigen::Index size() const { return static_cast<Eigen::Index>(components_.size()); }
  Vector operator()(double t) const;

 private:
  std::vector<TimeExpression> components_;
};

}  // namespace relcp::dcs
