#pragma once
// The windows of the multi-point Gauss-Seidel waveform iteration ([GS] (1.11)): the grid points
// 1..J split into consecutive windows of `window` points, processed one after another, each
// starting from the converged last state of the one before. And the histories of all windows
// merged into one per-iteration history of the whole trajectory.

#include <vector>

#include <Eigen/Core>

namespace relcp::dcs {

struct WaveformWindow {
  Eigen::Index start = 0;  // grid index of the window's initial value x_a
  Eigen::Index last = 0;   // grid index of its last point; the window iterates on start+1..last
  Eigen::Index size() const { return last - start; }
};

// window <= 0 or >= steps: one window covering the whole grid.
std::vector<WaveformWindow> waveform_windows(Eigen::Index steps, Eigen::Index window);

// Per-window histories merged: entry k is the max over windows of entry min(k, last) of each
// window's history, i.e. the trajectory-wide value when every window has done k iterations
// (or stopped earlier).
std::vector<double> merge_window_histories(const std::vector<std::vector<double>>& histories);

}  // namespace relcp::dcs
