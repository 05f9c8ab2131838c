#pragma once
// A fresh scratch directory shared by every rank of a test (rank 0 names, creates and finally
// removes it).

#include <mpi.h>
#include <unistd.h>

#include <filesystem>
#include <string>

namespace relcp::io::testing {

class ScratchDirectory {
 public:
  ScratchDirectory(MPI_Comm comm, const std::string& prefix) : comm_(comm) {
    MPI_Comm_rank(comm_, &rank_);
    // Rank 0's pid and count name it: a rank may have made directories the others did not
    // (a serial comparison run on MPI_COMM_SELF).
    long long name[2] = {::getpid(), counter()++};
    MPI_Bcast(name, 2, MPI_LONG_LONG, 0, comm_);
    path_ = std::filesystem::temp_directory_path() /
            (prefix + "_" + std::to_string(name[0]) + "_" + std::to_string(name[1]));
    if (rank_ == 0) {
      std::filesystem::remove_all(path_);
      std::filesystem::create_directories(path_);
    }
    MPI_Barrier(comm_);
  }
  ~ScratchDirectory() {
    MPI_Barrier(comm_);
    if (rank_ == 0) std::filesystem::remove_all(path_);
  }
  ScratchDirectory(const ScratchDirectory&) = delete;
  ScratchDirectory& operator=(const ScratchDirectory&) = delete;

  std::string operator/(const std::string& name) const { return (path_ / name).string(); }
  const std::filesystem::path& path() const { return path_; }

 private:
  static int& counter() {
    static int value = 0;
    return value;
  }
  MPI_Comm comm_;
  int rank_ = 0;
  std::filesystem::path path_;
};

}  // namespace relcp::io::testing
