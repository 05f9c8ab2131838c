#pragma once
// The shared main() wrapper of every app: turns errors into the project's exit codes and one
// clear line on stderr (docs/running.md: 0 ok, 2 bad input or usage, 3 run-time failure).

#include <CLI/CLI.hpp>
#include <functional>
#include <string_view>

namespace relcp::apps {

// Parses argv with `app`, then calls `body`; returns the process exit code. Keeps freed memory
// in the heap for reuse first (core/heap_reuse.hpp).
int run_app(CLI::App& app, int argc, char** argv, const std::function<int()>& body);

// Prints "app_name: message" on stderr.
void print_error(std::string_view app_name, std::string_view message);

}  // namespace relcp::apps
