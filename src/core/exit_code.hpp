#pragma once

namespace relcp {

// Process exit codes shared by every app (docs/design.md, "Conventions"; docs/running.md).
enum ExitCode : int {
  kExitOk = 0,
  kExitBadInput = 2,    // bad input or usage
  kExitRunFailure = 3,  // valid input, failed run (non-convergence, policy, I/O)
};

}  // namespace relcp
