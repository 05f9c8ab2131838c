#pragma once
// A counter-based random generator: every draw is a pure function of (seed, stream, counter),
// so a body's random numbers depend only on its id and event number, never on which rank or
// thread draws them. The whole state to checkpoint is the seed plus the caller's counters.

#include <cstdint>

namespace relcp::particles {

class CounterRng {
 public:
  explicit CounterRng(std::uint64_t seed) : seed_(seed) {}

  std::uint64_t seed() const { return seed_; }

  // 64 random bits for (stream, counter).
  std::uint64_t bits(std::uint64_t stream, std::uint64_t counter) const {
    std::uint64_t x = mix(seed_ ^ mix(stream + 0x632be59bd9b4e019ULL));
    return mix(x + counter * 0x9e3779b97f4a7c15ULL);
  }

  // Uniform in [0, 1) with 53 random bits.
  double uniform(std::uint64_t stream, std::uint64_t counter) const {
    return static_cast<double>(bits(stream, counter) >> 11) * 0x1.0p-53;
  }

 private:
  // The SplitMix64 finalizer: a bijection with full avalanche.
  static std::uint64_t mix(std::uint64_t z) {
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  std::uint64_t seed_;
};

}  // namespace relcp::particles
