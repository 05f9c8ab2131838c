// Every file in tests/io/invalid/ is rejected before anything runs, on every rank alike, with
// the error its first line announces:  # error: LINE: KEY: part of the message
// and no output directory appears.

#include <gtest/gtest.h>
#include <mpi.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "core/error.hpp"
#include "core/logging.hpp"
#include "io/run/simulation_driver.hpp"
#include "io/scenario/scenario_reader.hpp"
#include "mpi_scratch_directory.hpp"

namespace relcp::io {
namespace {

const std::filesystem::path kInvalidDirectory = std::filesystem::path(RELCP_SOURCE_DIR) / "tests/io/invalid";

struct ExpectedError {
  int line = 0;
  std::string key;
  std::string message_part;
};

ExpectedError expected_error_of(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::string first;
  std::getline(in, first);
  static const std::regex pattern(R"(^# error: (\d+): ([^:]*): (.+)$)");
  std::smatch match;
  if (!std::regex_match(first, match, pattern)) {
    ADD_FAILURE() << file << ": the first line does not say which error to expect";
    return {};
  }
  return ExpectedError{std::stoi(match[1]), match[2], match[3]};
}

std::vector<std::filesystem::path> invalid_files() {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(kInvalidDirectory)) {
    if (entry.path().extension() == ".yaml") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(InvalidScenarios, TheDirectoryCoversTheDocumentedKindsOfMistakes) { EXPECT_GE(invalid_files().size(), 25u); }

TEST(InvalidScenarios, EachIsRejectedWithItsFileLineAndKeyOnEveryRankAndWritesNothing) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  configure_logging("warn", rank);
  const testing::ScratchDirectory dir(MPI_COMM_WORLD, "relcp_invalid");
  for (const std::filesystem::path& file : invalid_files()) {
    const ExpectedError expected = expected_error_of(file);
    const std::string output = dir / file.stem().string();
    int rejected = 0;
    try {
      SimulationOptions options;
      options.output_directory = output;
      Simulation simulation(MPI_COMM_WORLD, load_scenario(file.string()), options);
      ADD_FAILURE() << file << " was accepted";
    } catch (const InputError& error) {
      rejected = 1;
      EXPECT_EQ(error.file(), file.string()) << error.what();
      EXPECT_EQ(error.line(), expected.line) << error.what();
      EXPECT_EQ(error.key(), expected.key) << error.what();
      EXPECT_NE(error.message().find(expected.message_part), std::string::npos) << error.what();
      EXPECT_EQ(std::string(error.what()).find('\n'), std::string::npos) << error.what();
    }
    int everywhere = 0;
    MPI_Allreduce(&rejected, &everywhere, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    EXPECT_EQ(everywhere, 1) << file;
    EXPECT_FALSE(std::filesystem::exists(output)) << file;
  }
}

}  // namespace
}  // namespace relcp::io
