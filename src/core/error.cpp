#include "core/error.hpp"

namespace relcp {
namespace {

std::string format_input_error(const std::string& file, int line, const std::string& key, const std::string& message) {
  std::string text;
  if (!file.empty()) {
    text += file;
    if (line > 0) text += ":" + std::to_string(line);
    text += ": ";
  }
  if (!key.empty()) text += key + ": ";
  return text + message;
}

}  // namespace

InputError::InputError(std::string file, int line, std::string key, std::string message)
    : std::runtime_error(format_input_error(file, line, key, message)),
      file_(std::move(file)),
      line_(line),
      key_(std::move(key)),
      message_(std::move(message)) {}

InputError::InputError(std::string key, std::string message)
    : InputError(std::string(), 0, std::move(key), std::move(message)) {}

}  // namespace relcp
