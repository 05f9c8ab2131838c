#pragma once
// Typed errors shared by every layer. Apps turn them into exit codes (see exit_code.hpp).

#include <stdexcept>
#include <string>

namespace relcp {

// Invalid user input: a scenario, matrix file or command line. Carries where it was found so
// that the app can print one line "file:line: key: message" and exit with code 2.
class InputError : public std::runtime_error {
 public:
  InputError(std::string file, int line, std::string key, std::string message);
  InputError(std::string key, std::string message);  // no file (command-line options)

  const std::string& file() const noexcept { return file_; }
  int line() const noexcept { return line_; }  // 1-based; 0 when unknown
  const std::string& key() const noexcept { return key_; }
  const std::string& message() const noexcept { return message_; }

 private:
  std::string file_;
  int line_ = 0;
  std::string key_;
  std::string message_;
};

// A failure while running valid input (a solve that must converge and did not, a policy
// `fail` that triggered, an I/O error). Apps exit with code 3.
class RunTimeFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace relcp
