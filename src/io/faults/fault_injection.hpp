#pragma once
// A test switch, off by default: makes the K-th write (or read) of one rank fail as if the file
// system had refused it, so that the fault-injection trials (scripts/fault_trials.py,
// docs/robustness.md "I/O failures") can reach every write of a run on every rank.
//
//   RELCP_INJECT_FAULT=write:RANK:K   the K-th write (1-based) on MPI rank RANK fails
//   RELCP_INJECT_FAULT=read:RANK:K    the same for reads
//
// Several may be given, separated by commas. A malformed value is ignored with a warning, so
// a stray variable cannot stop a production run.

#include <string>

namespace relcp::io {

enum class FaultOperation { write, read };

// Counts one write or read of this process; throws RunTimeFailure("<what>: Input/output error
// (injected ...)") when it is the one chosen. `what` names the operation and its file.
void fault_point(FaultOperation operation, const std::string& what);

// Replaces the faults (same syntax as the variable; "" for none) and restarts the counts: for
// tests, which cannot set the environment before the first use.
void configure_fault_injection(const std::string& spec);

}  // namespace relcp::io
