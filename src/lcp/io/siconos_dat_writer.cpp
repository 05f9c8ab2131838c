#include "lcp/io/siconos_dat_writer.hpp"

#include <cstdio>

#include "lcp/io/solution_file.hpp"

namespace relcp::lcp {
namespace {

void append_value(std::string& out, double value, char separator) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.17g%c", value, separator);
  out += buffer;
}

}  // namespace

std::string format_siconos_dat(const LcpProblem& problem) {
  const Index n = problem.size();
  const std::string size = std::to_string(n);
  std::string out = size + "\n0\n" + size + "\n" + size + "\n" + size + "\t" + size + "\n";
  out.reserve(out.size() + static_cast<std::size_t>(n * (n + 1)) * 24);
  const DenseMatrix& M = problem.dense();
  for (Index column = 0; column < n; ++column) {  // Siconos stores M column-major, a column a line
    for (Index row = 0; row < n; ++row) append_value(out, M(row, column), row + 1 < n ? ' ' : '\n');
  }
  for (Index i = 0; i < n; ++i) append_value(out, problem.q()[i], i + 1 < n ? ' ' : '\n');
  return out;
}

void write_siconos_dat(const std::filesystem::path& file, const LcpProblem& problem) {
  write_file_atomically(file, format_siconos_dat(problem));
}

}  // namespace relcp::lcp
