#pragma once

namespace relcp {

// Process exit codes shared by every app (docs/design.md, "Conventions"; docs/running.md).
enum ExitCode : int {
  kExitOk = 0,
  kExitBadInput = 2,    // bad input or usage
  kExitRunFailure = 3,  // valid input, failed run (non-convergence, policy, I/O, bad state)
  kExitStopped = 4,     // relcp_sim stopped early (signal, wall-time budget) after a checkpoint
};

}  // namespace relcp
