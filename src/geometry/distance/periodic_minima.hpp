#pragma once
// Local minima of a smooth 2*pi-periodic function of an angle, such as the distance from a point
// running around a circle to another body: sample, then refine every sign change of the slope.

#include <functional>
#include <limits>
#include <vector>

namespace relcp::geometry {

struct ValueAndSlope {
  double value = 0.0;
  double slope = 0.0;  // d value / d angle
};

struct AngleMinimum {
  double angle = 0.0;
  double value = 0.0;
  int iterations = 0;
  bool converged = false;
};

struct PeriodicMinimaOptions {
  int samples = 256;  // equally spaced angles; minima closer than 2*pi/samples may merge
  double angle_tolerance = 1e-12;
  int max_iterations = 50;  // per refined minimum
  // A function whose sampled values span less than this is constant up to rounding (for
  // instance the distance between coaxial circles): one minimum at angle 0 is reported.
  double flat_tolerance = 0.0;

  // Pruning, on when lipschitz > 0: `bounded(value)` (the value itself when empty) changes by at
  // most `lipschitz` per radian, as the distance from a point running around a circle of that
  // radius to a fixed body does. The search then starts from `coarse_samples` angles and halves
  // only the intervals whose lower bound of `bounded`, (left + right) / 2 - lipschitz * width / 2,
  // does not exceed the cut; the others hold no value below the cut. The minima below the cut
  // are exactly those of the full search (the same samples around them, the same refinement).
  double lipschitz = 0.0;
  std::function<double(double)> bounded;
  double cut = std::numeric_limits<double>::infinity();  // on `bounded`
  bool cut_at_best = false;  // also cut at the smallest sample: only the global minimum is sure
  int coarse_samples = 8;    // samples / coarse_samples must be a power of two
};

// Every local minimum found (below the cut when pruning), by increasing value. Each lies where
// the slope changes sign from negative to non-negative between two neighbouring samples, refined
// to angle_tolerance.
std::vector<AngleMinimum> periodic_local_minima(const std::function<ValueAndSlope(double)>& f,
                                                const PeriodicMinimaOptions& options);

}  // namespace relcp::geometry
