#pragma once
// The InputError that a reader must throw for a malformed text (a test failure when it throws
// none). The text is named "case.dat" in the error.

#include <gtest/gtest.h>

#include <string>

#include "core/error.hpp"
#include "lcp/io/siconos_dat_reader.hpp"

namespace relcp::lcp::testing {

// `parse(text, "case.dat")` is one of the readers' parse functions.
template <class Parse>
InputError parse_error_of(Parse parse, const std::string& text) {
  try {
    parse(text, "case.dat");
  } catch (const InputError& error) {
    return error;
  }
  ADD_FAILURE() << "no InputError for:\n" << text;
  return InputError("", 0, "", "");
}

inline InputError siconos_dat_parse_error(const std::string& text) { return parse_error_of(parse_siconos_dat, text); }

}  // namespace relcp::lcp::testing
