#pragma once
// Checked conversion of command-line option values: every bad value is a relcp::InputError
// naming the option, so that the app prints one line and exits with code 2.

#include <cstdint>
#include <string>

#include "lcp/solver.hpp"

namespace relcp::apps::lcp_cli {

double parse_positive_real(const std::string& option, const std::string& value);  // > 0, finite
double parse_open_interval(const std::string& option, const std::string& value, double low,
                           double high);                                     // in (low, high)
double parse_fraction(const std::string& option, const std::string& value);  // in [0, 1]
int parse_count(const std::string& option, const std::string& value);        // integer >= 0
std::uint64_t parse_seed(const std::string& option, const std::string& value);
relcp::lcp::FischerJacobian parse_jacobian(const std::string& option, const std::string& value);
relcp::lcp::MinMapGlobalization parse_globalization(const std::string& option, const std::string& value);

}  // namespace relcp::apps::lcp_cli
