#include "common/app_main.hpp"

#include <exception>
#include <iostream>
#include <new>
#include <string>

#include "core/error.hpp"
#include "core/exit_code.hpp"
#include "core/heap_reuse.hpp"
#include "core/memory_budget.hpp"

namespace relcp::apps {

namespace {

// An error is one line: text echoed from the input (a quoted "a\nb", a NUL in a key) must not
// break it, so control characters are written as escapes.
std::string one_line(std::string_view text) {
  std::string line;
  line.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n')
      line += "\\n";
    else if (c == '\r')
      line += "\\r";
    else if (c == '\t')
      line += "\\t";
    else if (byte < 0x20 || byte == 0x7f) {
      static constexpr char kHex[] = "0123456789abcdef";
      line += "\\x";
      line += kHex[byte >> 4];
      line += kHex[byte & 0xf];
    } else {
      line += c;
    }
  }
  return line;
}

}  // namespace

// A value echoed from the input may be a whole file's worth (a quoted key that runs to the end):
// the line keeps its start, which names the file, line and key.
constexpr std::size_t kLongestMessage = 1000;

void print_error(std::string_view app_name, std::string_view message) {
  std::string line = one_line(message);
  if (line.size() > kLongestMessage) {
    const std::size_t dropped = line.size() - kLongestMessage;
    line = line.substr(0, kLongestMessage) + "... (" + std::to_string(dropped) + " more characters)";
  }
  std::cerr << app_name << ": " << line << std::endl;
}

namespace {

// Every app takes the memory cap; subcommands see their parent's options.
void add_resource_options(CLI::App& app) {
  for (CLI::App* subcommand : app.get_subcommands([](CLI::App*) { return true; })) subcommand->fallthrough();
  app.add_option_function<std::string>(
         "--max-memory",
         [](const std::string& text) {
           const auto bytes = parse_memory_size(text);
           if (!bytes || *bytes == 0)
             throw CLI::ValidationError("--max-memory", "expected a size such as 4G or 512M, found '" + text + "'");
           set_memory_cap_bytes(bytes);
         },
         "refuse inputs that would need more memory than this (4G, 512M; default: the memory "
         "available, or RELCP_MAX_MEMORY)")
      ->type_name("SIZE");
}

}  // namespace

int run_app(CLI::App& app, int argc, char** argv, const std::function<int()>& body) {
  keep_freed_memory_for_reuse();
  const std::string name = app.get_name();
  add_resource_options(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& done) {  // --help, --version
    return app.exit(done);
  } catch (const CLI::ParseError& error) {
    print_error(name, error.what());
    std::cerr << "run '" << name << " --help' for usage" << std::endl;
    return kExitBadInput;
  }
  try {
    return body();
  } catch (const InputError& error) {
    print_error(name, error.what());
    return kExitBadInput;
  } catch (const RunTimeFailure& error) {
    print_error(name, error.what());
    return kExitRunFailure;
  } catch (const std::bad_alloc&) {
    // Sizes from the input are checked before allocating; this is the machine running out anyway.
    print_error(name, "out of memory (" + format_bytes(static_cast<double>(memory_budget_bytes())) +
                          " available now); a smaller problem or --max-memory to refuse it earlier");
    return kExitRunFailure;
  } catch (const std::exception& error) {
    print_error(name, std::string("internal error: ") + error.what());
    return kExitRunFailure;
  }
}

}  // namespace relcp::apps
