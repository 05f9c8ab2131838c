#pragma once

namespace relcp {

// Process exit codes shared by every app (DESIGN.md, conventions).
enum ExitCode : int {
  kExitOk = 0,
  kExitBadInput = 2,      // bad input or usage
  kExitRunFailure = 3,    // valid input, failed run (non-convergence, policy, I/O)
};

}  // namespace relcp
