#include "io/faults/fault_injection.hpp"

#include <mpi.h>
#include <spdlog/spdlog.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <vector>

#include "core/error.hpp"

namespace relcp::io {
namespace {

struct InjectedFault {
  FaultOperation operation;
  int rank;
  std::int64_t ordinal;  // the K-th operation of its kind, 1-based
};

bool parse_fault(const std::string& text, InjectedFault& fault) {
  std::istringstream in(text);
  std::string kind;
  char colon = 0;
  if (!std::getline(in, kind, ':')) return false;
  if (kind == "write") {
    fault.operation = FaultOperation::write;
  } else if (kind == "read") {
    fault.operation = FaultOperation::read;
  } else {
    return false;
  }
  if (!(in >> fault.rank >> colon >> fault.ordinal) || colon != ':') return false;
  return fault.rank >= 0 && fault.ordinal >= 1 && in.peek() == std::char_traits<char>::eof();
}

std::vector<InjectedFault> faults_from(const std::string& spec) {
  std::vector<InjectedFault> faults;
  std::istringstream list(spec);
  std::string item;
  while (std::getline(list, item, ',')) {
    InjectedFault fault{};
    if (parse_fault(item, fault)) {
      faults.push_back(fault);
    } else {
      spdlog::warn("RELCP_INJECT_FAULT: ignoring '{}' (expected write:RANK:K or read:RANK:K)", item);
    }
  }
  return faults;
}

struct FaultState {
  std::vector<InjectedFault> faults;
  std::array<std::int64_t, 2> counts{0, 0};
};

FaultState& state() {
  static FaultState instance{[] {
    const char* value = std::getenv("RELCP_INJECT_FAULT");
    return value == nullptr ? std::vector<InjectedFault>() : faults_from(value);
  }()};
  return instance;
}

int this_rank() {
  int initialized = 0;
  MPI_Initialized(&initialized);
  int rank = 0;
  if (initialized != 0) MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}

}  // namespace

void fault_point(FaultOperation operation, const std::string& what) {
  FaultState& faults = state();
  if (faults.faults.empty()) return;
  const std::int64_t ordinal = ++faults.counts[static_cast<std::size_t>(operation)];
  const int rank = this_rank();
  for (const InjectedFault& fault : faults.faults) {
    if (fault.operation == operation && fault.rank == rank && fault.ordinal == ordinal) {
      const char* kind = operation == FaultOperation::write ? "write" : "read";
      throw RunTimeFailure(what + ": Input/output error (injected fault: " + kind + " " + std::to_string(ordinal) +
                           " on rank " + std::to_string(rank) + ")");
    }
  }
}

void configure_fault_injection(const std::string& spec) {
  state() = FaultState{spec.empty() ? std::vector<InjectedFault>() : faults_from(spec)};
}

}  // namespace relcp::io
