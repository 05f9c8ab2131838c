#include "rank_output.hpp"

#include <iostream>

namespace relcp::apps::sim {

MutedStandardStreams::MutedStandardStreams(bool mute) {
  if (!mute) return;
  saved_out_ = std::cout.rdbuf(&null_);
  saved_err_ = std::cerr.rdbuf(&null_);
}

void MutedStandardStreams::restore() {
  if (saved_out_ != nullptr) std::cout.rdbuf(saved_out_);
  if (saved_err_ != nullptr) std::cerr.rdbuf(saved_err_);
  saved_out_ = nullptr;
  saved_err_ = nullptr;
}

}  // namespace relcp::apps::sim
