#pragma once
// The operating system's reason for a failed file operation, for error messages.

#include <string>

namespace relcp::io {

// ": No space left on device" (strerror of errno) when errno holds an error a file system
// reports (no space, quota, I/O error, permission, read-only, missing path, ...); empty
// otherwise, since errno may be left over from an earlier, harmless call.
std::string system_reason();

}  // namespace relcp::io
