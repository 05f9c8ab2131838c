#pragma once
// An upper-side estimate of the candidate pairs that contact detection will hold at the start of
// a run, so that a search buffer (or a crowd of bodies) that would make every pair a candidate is
// refused with its key instead of being attempted (docs/robustness.md, "Resource limits").

#include "io/scenario/scenario.hpp"

namespace relcp::io {

// Candidate pairs, assuming the bodies spread uniformly over the box that holds the listed
// positions and the generators' regions (at least their own volume).
double estimated_candidate_pairs(const Scenario& scenario);

// What one candidate pair costs detection and assembly, bytes (pair, separation, constraint rows).
inline constexpr double kBytesPerCandidatePair = 256.0;

}  // namespace relcp::io
