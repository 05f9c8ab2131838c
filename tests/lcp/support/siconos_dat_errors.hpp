#pragma once
// The InputError that parse_siconos_dat must throw for a malformed text (a test failure when it
// throws none). The text is named "case.dat" in the error.

#include <gtest/gtest.h>

#include <string>

#include "core/error.hpp"
#include "lcp/io/siconos_dat_reader.hpp"

namespace relcp::lcp::testing {

inline InputError siconos_dat_parse_error(const std::string& text) {
  try {
    parse_siconos_dat(text, "case.dat");
  } catch (const InputError& error) {
    return error;
  }
  ADD_FAILURE() << "no InputError for:\n" << text;
  return InputError("", 0, "", "");
}

}  // namespace relcp::lcp::testing
