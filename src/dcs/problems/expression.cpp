#include "dcs/problems/expression.hpp"

#include <muParser.h>

#include <cmath>
#include <numbers>

#include "core/error.hpp"

namespace relcp::dcs {

struct TimeExpression::Compiled {
  mu::Parser parser;
  double t = 0.0;  // the parser reads the variable through this address
};

TimeExpression::TimeExpression(std::string text) : text_(std::move(text)), compiled_(std::make_shared<Compiled>()) {
  try {
    compiled_->parser.DefineVar("t", &compiled_->t);
    compiled_->parser.DefineConst("pi", std::numbers::pi);
    compiled_->parser.SetExpr(text_);
    compiled_->parser.Eval();  // muParser compiles lazily; this reports syntax and unknown names
  } catch (const mu::Parser::exception_type& error) {
    throw InputError("", "bad expression '" + text_ + "': " + error.GetMsg());
  }
}

double TimeExpression::operator()(double t) const {
  compiled_->t = t;
  try {
    return compiled_->parser.Eval();
  } catch (const mu::Parser::exception_type& error) {
    throw RunTimeFailure("expression '" + text_ + "' at t = " + std::to_string(t) + ": " + error.GetMsg());
  }
}

TimeExpressionVector::TimeExpressionVector(const std::vector<std::string>& texts) {
  components_.reserve(texts.size());
  for (std::size_t i = 0; i < texts.size(); ++i) {
    try {
      components_.emplace_back(texts[i]);
    } catch (const InputError& error) {
      throw InputError("", "component " + std::to_string(i) + ": " + error.message());
    }
  }
}

Vector TimeExpressionVector::operator()(double t) const {
  Vector value(size());
  for (Eigen::Index i = 0; i < size(); ++i) value[i] = components_[static_cast<std::size_t>(i)](t);
  return value;
}

}  // namespace relcp::dcs
