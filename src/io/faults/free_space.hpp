#pragma once
// A full disk found before a write, not inside it (docs/robustness.md, "I/O failures"): HDF5
// cannot always recover from a write that fails half-way (a file whose closing flush failed
// stays half-open, and the library crashes when it is shut down), so each snapshot and
// checkpoint first checks that the file system has room for it.

#include <mpi.h>

#include <cstdint>
#include <string>

namespace relcp::io {

// Collective: rank 0 asks the file system holding `directory` for its free space (statvfs);
// when less than `bytes` is free every rank throws AgreedFailure("<what>: No space left on
// device (N free, M needed)"). A file system that cannot be asked passes.
void require_free_space(MPI_Comm comm, const std::string& directory, double bytes, const std::string& what);

// Set when closing an HDF5 file failed in this process: the library must then not be shut down
// (see above), and the app ends without MPI_Finalize.
void note_unclosable_file();
bool has_unclosable_file();

}  // namespace relcp::io
