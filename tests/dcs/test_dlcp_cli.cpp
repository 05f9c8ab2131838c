// relcp_dcs on the DLCP family: outputs, exit codes and the command-line forms. Runs the built
// executable (build/bin/relcp_dcs, beside build/tests) on configs/dlcp_*.yaml; skipped when the
// app was not built (RELCP_BUILD_APPS=OFF).

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kSourceRoot = RELCP_SOURCE_DIR;

fs::path app_path() { return fs::read_symlink("/proc/self/exe").parent_path().parent_path() / "bin" / "relcp_dcs"; }

fs::path scratch_root() { return fs::temp_directory_path() / ("relcp_dlcp_cli_" + std::to_string(::getpid())); }
fs::path scratch(const std::string& name) { return scratch_root() / name; }

// Exit code of `relcp_dcs ARGS --output OUT`, stderr captured into OUT.err beside OUT.
int run(const std::string& args, const fs::path& out) {
  fs::remove_all(out);
  fs::create_directories(out.parent_path());
  const std::string command =
      app_path().string() + " " + args + " --output " + out.string() + " 2> " + out.string() + ".err";
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string config(const std::string& name) { return (kSourceRoot / "configs" / name).string(); }

std::string read(const fs::path& file) {
  std::ifstream stream(file);
  return std::string(std::istreambuf_iterator<char>(stream), {});
}

class DlcpCli : public testing::Test {
 protected:
  static void TearDownTestSuite() { fs::remove_all(scratch_root()); }
  void SetUp() override {
    if (!fs::exists(app_path())) GTEST_SKIP() << "relcp_dcs not built at " << app_path();
  }
};

TEST_F(DlcpCli, WritesTrajectoryAndStatsWithAndWithoutTheRunWord) {
  for (const std::string& form : {std::string("run "), std::string()}) {
    const fs::path out = scratch("general" + std::to_string(form.size()));
    ASSERT_EQ(run(form + config("dlcp_general.yaml") + " --set time.T=0.1", out), 0) << read(out.string() + ".err");
    std::ifstream csv(out / "trajectory.csv");
    std::string header;
    std::getline(csv, header);
    EXPECT_EQ(header, "t,x0,x1,y0,y1");
    int rows = 0;
    for (std::string line; std::getline(csv, line);) ++rows;
    EXPECT_EQ(rows, 101);  // t = 0 and 100 steps
    const std::string stats = read(out / "stats.json");
    for (const char* key :
         {"\"method\": \"gauss-seidel\"", "\"backend\": \"openmp\"", "\"iterations\"", "\"converged\": true",
          "\"seconds\"", "\"error_history\"", "\"time_split\"", "\"interpolation\"", "\"transfer\""}) {
      EXPECT_NE(stats.find(key), std::string::npos) << key;
    }
  }
}

TEST_F(DlcpCli, MethodAndBackendFlagsOverrideTheFile) {
  const fs::path out = scratch("flags");
  ASSERT_EQ(
      run(config("dlcp_wuchen_small.yaml") + " --method implicit-euler --backend serial --set time.h=0.015625", out),
      0);
  const std::string stats = read(out / "stats.json");
  EXPECT_NE(stats.find("\"method\": \"implicit-euler\""), std::string::npos);
  EXPECT_NE(stats.find("\"backend\": \"serial\""), std::string::npos);
  EXPECT_NE(stats.find("\"step_matrix_is_z\": false"), std::string::npos);  // h = 2^-6
}

TEST_F(DlcpCli, BadInputExitsTwoWithOneLineAndNoFiles) {
  const std::string general = config("dlcp_general.yaml");
  const std::pair<std::string, std::string> cases[] = {
      {general + " --set 'problem.B=[[1,0]]'", "problem.B"},
      {general + " --set 'problem.f=[sin(,0]'", "problem.f[0]"},
      {general + " --set time.h=0", "time.h"},
      {general + " --method leapfrog", "method.name"},
      {general + " --set method.selection=smallest", "method.selection"},
      {general + " --backend gpu", "method.backend"},
      {general + " --set method.selection=least-element --set 'problem.M=[[1,1],[1,1]]'", "method.selection"},
  };
  for (const auto& [args, key] : cases) {
    const fs::path out = scratch("bad");
    EXPECT_EQ(run(args, out), 2) << args;
    EXPECT_FALSE(fs::exists(out / "stats.json")) << args;
    const std::string message = read(out.string() + ".err");
    EXPECT_NE(message.find(key), std::string::npos) << args << " -> " << message;
    EXPECT_EQ(std::count(message.begin(), message.end(), '\n'), 1) << message;
  }
}

TEST_F(DlcpCli, CudaWithoutACudaBuildIsBadInput) {
#if defined(RELCP_HAVE_CUDA)
  GTEST_SKIP() << "CUDA build";
#else
  EXPECT_EQ(run(config("dlcp_general.yaml") + " --backend cuda", scratch("cuda")), 2);
#endif
}

TEST_F(DlcpCli, FailedSolveExitsThreeAfterWritingTheOutputs) {
  const fs::path out = scratch("infeasible");
  EXPECT_EQ(run(config("dlcp_rectifier.yaml") + " --set method.infeasible=fail --set problem.collocation=none", out),
            3);
  EXPECT_TRUE(fs::exists(out / "trajectory.csv"));
  EXPECT_NE(read(out / "stats.json").find("\"converged\": false"), std::string::npos);
}

// Absurd sizes and spans are refused before any allocation, naming the key; the switching
// method, whose step count is not known in advance, stops at method.max_steps.
TEST_F(DlcpCli, WorkBeyondTheBoundsIsRefusedWithItsKey) {
  const std::string signorini = config("dlcp_signorini.yaml");
  const std::string oscillator = config("stewart_friction_oscillator.yaml");
  const std::string taubert = config("stewart_friction_chain_taubert.yaml");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {signorini + " --set problem.dx=1e-6", "problem.dx: a grid of"},
      {signorini + " --max-memory 1G --set time.h=1e-6", "time.h: "},
      {oscillator + " --set time.T=1e20", "time.output_every: "},
      {taubert + " --set time.output_every=1 --set method.h=1e-9", "method.h: "},
  };
  for (const auto& [args, key] : cases) {
    const fs::path out = scratch("work");
    EXPECT_EQ(run(args, out), 2) << args;
    const std::string message = read(out.string() + ".err");
    EXPECT_NE(message.find(key), std::string::npos) << args << " -> " << message;
    EXPECT_EQ(std::count(message.begin(), message.end(), '\n'), 1) << message;
  }
  const fs::path out = scratch("max_steps");
  EXPECT_EQ(run(oscillator + " --set problem.forcing[0].omega=2147483648 --set method.max_steps=2000", out), 3);
  EXPECT_NE(read(out.string() + ".err").find("more than 2000 steps"), std::string::npos) << read(out.string() + ".err");
}

}  // namespace
