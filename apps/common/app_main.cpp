#include "common/app_main.hpp"

#include <exception>
#include <iostream>
#include <string>

#include "core/error.hpp"
#include "core/exit_code.hpp"

namespace relcp::apps {

void print_error(std::string_view app_name, std::string_view message) {
  std::cerr << app_name << ": " << message << std::endl;
}

int run_app(CLI::App& app, int argc, char** argv, const std::function<int()>& body) {
  const std::string name = app.get_name();
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
  } catch (const std::exception& error) {
    print_error(name, std::string("internal error: ") + error.what());
    return kExitRunFailure;
  }
}

}  // namespace relcp::apps
