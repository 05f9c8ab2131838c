#include "io/faults/free_space.hpp"

#include <sys/statvfs.h>

#include "core/memory_budget.hpp"
#include "io/faults/collective_agreement.hpp"

namespace relcp::io {
namespace {

bool g_unclosable_file = false;

}  // namespace

void require_free_space(MPI_Comm comm, const std::string& directory, double bytes, const std::string& what) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  on_all_ranks(comm, [&] {
    if (rank != 0) return;
    struct statvfs info {};
    if (statvfs(directory.c_str(), &info) != 0) return;
    const double free = static_cast<double>(info.f_bavail) * static_cast<double>(info.f_frsize);
    if (free < bytes) {
      throw RunTimeFailure(what + ": No space left on device (" + format_bytes(free) + " free, about " +
                           format_bytes(bytes) + " needed)");
    }
  });
}

void note_unclosable_file() { g_unclosable_file = true; }

bool has_unclosable_file() { return g_unclosable_file; }

}  // namespace relcp::io
