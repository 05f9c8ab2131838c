#pragma once
// Under mpirun every rank parses the same command line and reads the same scenario, so every
// rank meets the same usage or input error. Only rank 0 may speak about it: the other ranks'
// std::cout and std::cerr are muted until the command line has been parsed.

#include <iosfwd>
#include <streambuf>

namespace relcp::apps::sim {

class MutedStandardStreams {
 public:
  explicit MutedStandardStreams(bool mute);
  ~MutedStandardStreams() { restore(); }
  MutedStandardStreams(const MutedStandardStreams&) = delete;
  MutedStandardStreams& operator=(const MutedStandardStreams&) = delete;

  void restore();

 private:
  struct NullBuffer : std::streambuf {
    int overflow(int c) override { return c; }
  };
  NullBuffer null_;
  std::streambuf* saved_out_ = nullptr;
  std::streambuf* saved_err_ = nullptr;
};

}  // namespace relcp::apps::sim
