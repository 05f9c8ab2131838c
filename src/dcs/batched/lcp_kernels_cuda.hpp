#pragma once
// The per-LCP logic of the CUDA batched LCP back end, written once for host and device:
//  - solve_small_lcp: one thread per LCP of size n <= 8, by enumeration of the 2^n
//    complementary index sets (branch-uniform, no convergence question). Among the
//    complementary solutions found it keeps the least one (least element of a Z-matrix LCP:
//    the least element is a solution and minimizes every component, hence the sum) or, for a
//    P-matrix, the one with the smallest natural residual (there is exactly one). The scan
//    over the index sets can be split among threads (best_small_lcp_candidate over every
//    stride-th set, merged by preferred_candidate): on small batches the device runs one warp
//    per LCP from n = kWarpEnumerationMinSize on, with the same selection as one thread.
//  - solve_tridiagonal_lcp: one thread block per LCP with a tridiagonal M (the Signorini
//    M = tridiag(-1, 4, -1)), by Howard's policy iteration on min(y, M y + q) = 0 (Bokanowski,
//    Maroso and Zidani 2009: at most n + 1 iterations for an M-matrix, from any start). Each
//    iteration solves the n x n tridiagonal system whose rows are those of M on the active set
//    {w < y} and identity rows elsewhere (so y = 0 there), by parallel cyclic reduction.
//    The block is abstracted as a Team: team.for_each(n, f) runs f(i) for every i (strided over
//    the threads on the device, a loop on the host), team.sync() is a barrier and
//    team.any(flag) a barrier returning whether any thread's flag is set.
// Matrices are column-major; the batch stores q_j and y_j as columns of n x count arrays.

#include <cmath>

#include "dcs/device/host_device_cuda.hpp"

namespace relcp::dcs::kernels {

constexpr int kSmallLcpMaxSize = 8;
// From this size on (64 index sets) small batches are enumerated with one warp per LCP: one thread
// per LCP leaves the GPU idle on batches of a few thousand and keeps every thread's 2^n sets serial.
constexpr int kWarpEnumerationMinSize = 6;

// Outcome codes written per LCP (mapped to lcp::Status on the host).
enum LcpKernelStatus : int {
  kLcpConverged = 0,
  kLcpInfeasible = 1,       // no complementary solution (enumeration found none)
  kLcpMaxIterations = 2,    // Howard did not settle in its iteration cap
  kLcpNumericalFailure = 3  // non-finite data, or the final residual check failed
};

enum LcpKernelSelection : int { kSelectUnique = 0, kSelectLeastElement = 1 };

// y_S = -M_SS^{-1} q_S for the index set `mask` by Gaussian elimination with partial pivoting
// (y = 0 off S). Returns false when a pivot falls below pivot_floor.
RELCP_HOST_DEVICE inline bool solve_principal_block(int n, const double* M, const double* q, unsigned mask,
                                                    double pivot_floor, double* y) {
  int index[kSmallLcpMaxSize];
  int k = 0;
  for (int i = 0; i < n; ++i) {
    y[i] = 0.0;
    if (mask & (1u << i)) index[k++] = i;
  }
  double a[kSmallLcpMaxSize * kSmallLcpMaxSize];  // row-major k x k
  double b[kSmallLcpMaxSize];
  for (int r = 0; r < k; ++r) {
    for (int c = 0; c < k; ++c) a[r * k + c] = M[index[c] * n + index[r]];
    b[r] = -q[index[r]];
  }
  for (int col = 0; col < k; ++col) {
    int pivot = col;
    for (int r = col + 1; r < k; ++r) {
      if (std::fabs(a[r * k + col]) > std::fabs(a[pivot * k + col])) pivot = r;
    }
    if (!(std::fabs(a[pivot * k + col]) > pivot_floor)) return false;
    if (pivot != col) {
      for (int c = 0; c < k; ++c) {
        const double swap = a[col * k + c];
        a[col * k + c] = a[pivot * k + c];
        a[pivot * k + c] = swap;
      }
      const double swap = b[col];
      b[col] = b[pivot];
      b[pivot] = swap;
    }
    for (int r = col + 1; r < k; ++r) {
      const double factor = a[r * k + col] / a[col * k + col];
      for (int c = col; c < k; ++c) a[r * k + c] -= factor * a[col * k + c];
      b[r] -= factor * b[col];
    }
  }
  for (int r = k - 1; r >= 0; --r) {
    double sum = b[r];
    for (int c = r + 1; c < k; ++c) sum -= a[r * k + c] * b[c];
    b[r] = sum / a[r * k + r];
  }
  for (int r = 0; r < k; ++r) y[index[r]] = b[r];
  return true;
}

// ||min(y, M y + q)||_inf.
RELCP_HOST_DEVICE inline double natural_residual(int n, const double* M, const double* q, const double* y) {
  double residual = 0.0;
  for (int i = 0; i < n; ++i) {
    double w = q[i];
    for (int c = 0; c < n; ++c) w += M[c * n + i] * y[c];
    const double value = std::fabs(y[i] < w ? y[i] : w);
    if (!(value <= residual)) residual = value;  // also propagates NaN
  }
  return residual;
}

// The checks before an enumeration: kLcpNumericalFailure for non-finite data, else kLcpConverged
// and the pivot floor of solve_principal_block.
RELCP_HOST_DEVICE inline int small_lcp_pivot_floor(int n, const double* M, const double* q, double& pivot_floor) {
  double scale = 0.0;
  for (int i = 0; i < n * n; ++i) scale = std::fabs(M[i]) > scale ? std::fabs(M[i]) : scale;
  for (int i = 0; i < n; ++i) {
    if (!std::isfinite(q[i])) return kLcpNumericalFailure;
  }
  if (!std::isfinite(scale)) return kLcpNumericalFailure;
  pivot_floor = 1e-13 * (scale > 1.0 ? scale : 1.0);
  return kLcpConverged;
}

// The best complementary solution among some index sets, and which set gave it.
struct SmallLcpCandidate {
  bool found = false;
  unsigned mask = 0;
  double sum = 0.0;       // of the solution's components
  double residual = 0.0;  // natural residual
};

// Whether a is preferred to b: the selection's key (least element: the smaller sum, then the
// smaller residual; unique: the smaller residual), and on equal keys the smaller index set, so
// that any split of the sets among threads selects what one thread scanning them in order does.
RELCP_HOST_DEVICE inline bool preferred_candidate(const SmallLcpCandidate& a, const SmallLcpCandidate& b,
                                                  int selection) {
  if (!a.found || !b.found) return a.found;
  if (selection == kSelectLeastElement) {
    if (a.sum != b.sum) return a.sum < b.sum;
  }
  if (a.residual != b.residual) return a.residual < b.residual;
  return a.mask < b.mask;
}

// Scans the index sets first, first + stride, ... < 2^n in order; y: the best solution found.
RELCP_HOST_DEVICE inline SmallLcpCandidate best_small_lcp_candidate(int n, const double* M, const double* q,
                                                                    int selection, double tolerance, double pivot_floor,
                                                                    unsigned first, unsigned stride, double* y) {
  double candidate[kSmallLcpMaxSize];
  SmallLcpCandidate best;
  const unsigned subsets = 1u << n;
  for (unsigned mask = first; mask < subsets; mask += stride) {
    if (!solve_principal_block(n, M, q, mask, pivot_floor, candidate)) continue;
    double sum = 0.0;
    for (int i = 0; i < n; ++i) {
      if (candidate[i] < 0.0) candidate[i] = candidate[i] >= -tolerance ? 0.0 : candidate[i];
      sum += candidate[i];
    }
    bool nonnegative = true;
    for (int i = 0; i < n; ++i) nonnegative = nonnegative && candidate[i] >= 0.0;
    if (!nonnegative) continue;
    const double residual = natural_residual(n, M, q, candidate);
    if (!(residual <= tolerance)) continue;
    const SmallLcpCandidate current{true, mask, sum, residual};
    if (preferred_candidate(current, best, selection)) {
      best = current;
      for (int i = 0; i < n; ++i) y[i] = candidate[i];
    }
  }
  return best;
}

// One LCP(q, M), n <= kSmallLcpMaxSize, by one thread. y: the selected solution when the result
// is converged, zero when infeasible.
RELCP_HOST_DEVICE inline int solve_small_lcp(int n, const double* M, const double* q, int selection, double tolerance,
                                             double* y) {
  double pivot_floor = 0.0;
  const int code = small_lcp_pivot_floor(n, M, q, pivot_floor);
  if (code != kLcpConverged) return code;
  const SmallLcpCandidate best = best_small_lcp_candidate(n, M, q, selection, tolerance, pivot_floor, 0, 1, y);
  if (!best.found) {
    for (int i = 0; i < n; ++i) y[i] = 0.0;
    return kLcpInfeasible;
  }
  return kLcpConverged;
}

// The host team: one "thread" doing every index in order.
struct SequentialTeam {
  template <class Function>
  void for_each(int n, Function&& function) {
    for (int i = 0; i < n; ++i) function(i);
  }
  void sync() {}
  bool any(bool flag) { return flag; }
};

// Scratch of solve_tridiagonal_lcp: 8 n doubles (two buffers of the four diagonals) and n ints.
struct TridiagonalWorkspace {
  double* buffers;  // 8 n
  int* active;      // n
};

// One LCP(q, M) with M tridiagonal: lower[i] = M(i, i-1) (lower[0] ignored), diag[i] = M(i, i),
// upper[i] = M(i, i+1) (upper[n-1] ignored). y: warm start on entry when `warm`, the solution on
// exit. Returns an LcpKernelStatus and sets `iterations` (linear solves), the same for every
// thread of the team.
RELCP_EXEC_CHECK_DISABLE
template <class Team>
RELCP_HOST_DEVICE int solve_tridiagonal_lcp(Team& team, int n, const double* lower, const double* diag,
                                            const double* upper, const double* q, bool warm, double tolerance,
                                            int max_iterations, TridiagonalWorkspace workspace, double* y,
                                            int& iterations) {
  int* active = workspace.active;
  iterations = 0;
  auto product = [&](int i) {  // (M y + q)_i
    double w = q[i] + diag[i] * y[i];
    if (i > 0) w += lower[i] * y[i - 1];
    if (i + 1 < n) w += upper[i] * y[i + 1];
    return w;
  };
  team.for_each(n, [&](int i) {
    if (warm) {
      const double w = product(i);
      active[i] = w < y[i] ? 1 : 0;
    } else {
      active[i] = q[i] < 0.0 ? 1 : 0;
    }
  });
  team.sync();

  for (int iteration = 0; iteration < max_iterations; ++iteration) {
    double* a = workspace.buffers;
    double* b = a + n;
    double* c = b + n;
    double* d = c + n;
    double* next_a = d + n;
    double* next_b = next_a + n;
    double* next_c = next_b + n;
    double* next_d = next_c + n;
    team.for_each(n, [&](int i) {
      if (active[i]) {
        a[i] = i > 0 ? lower[i] : 0.0;
        b[i] = diag[i];
        c[i] = i + 1 < n ? upper[i] : 0.0;
        d[i] = -q[i];
      } else {
        a[i] = 0.0;
        b[i] = 1.0;
        c[i] = 0.0;
        d[i] = 0.0;
      }
    });
    team.sync();
    // Parallel cyclic reduction: after the step with stride s, row i couples to i - 2s and i + 2s.
    for (int stride = 1; stride < n; stride *= 2) {
      const int s = stride;
      team.for_each(n, [&](int i) {
        const int below = i - s;
        const int above = i + s;
        const double k1 = below >= 0 ? a[i] / b[below] : 0.0;
        const double k2 = above < n ? c[i] / b[above] : 0.0;
        next_a[i] = below >= 0 ? -a[below] * k1 : 0.0;
        next_c[i] = above < n ? -c[above] * k2 : 0.0;
        next_b[i] = b[i] - (below >= 0 ? c[below] * k1 : 0.0) - (above < n ? a[above] * k2 : 0.0);
        next_d[i] = d[i] - (below >= 0 ? d[below] * k1 : 0.0) - (above < n ? d[above] * k2 : 0.0);
      });
      team.sync();
      double* swap = a;
      a = next_a;
      next_a = swap;
      swap = b;
      b = next_b;
      next_b = swap;
      swap = c;
      c = next_c;
      next_c = swap;
      swap = d;
      d = next_d;
      next_d = swap;
    }
    team.for_each(n, [&](int i) { y[i] = d[i] / b[i]; });
    team.sync();
    iterations = iteration + 1;
    // Policy improvement: row i enforces whichever of y_i, w_i is smaller (ties keep the policy).
    bool changed = false;
    team.for_each(n, [&](int i) {
      const double w = product(i);
      const int policy = w < y[i] ? 1 : (y[i] < w ? 0 : active[i]);
      if (policy != active[i]) changed = true;
      active[i] = policy;
    });
    if (!team.any(changed)) {
      team.for_each(n, [&](int i) { y[i] = y[i] > 0.0 ? y[i] : 0.0; });
      team.sync();
      bool violated = false;
      team.for_each(n, [&](int i) {
        const double w = product(i);
        const double residual = std::fabs(y[i] < w ? y[i] : w);
        if (!(residual <= tolerance)) violated = true;
      });
      return team.any(violated) ? kLcpNumericalFailure : kLcpConverged;
    }
  }
  return kLcpMaxIterations;
}

}  // namespace relcp::dcs::kernels
