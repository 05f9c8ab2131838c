#include "dcs/laplace/sine_transform.hpp"

#include <fftw3.h>

#include <cmath>
#include <mutex>
#include <numbers>
#include <string>

#include "core/error.hpp"

namespace relcp::dcs {
namespace {

std::mutex& planner_mutex() {
  static std::mutex mutex;
  return mutex;
}

}  // namespace

struct SineTransform::Plans {
  fftw_plan out_of_place = nullptr;
  fftw_plan in_place = nullptr;

  Plans(int rows, int cols) {
    const int total = rows * cols;
    double* a = fftw_alloc_real(static_cast<std::size_t>(total));
    double* b = fftw_alloc_real(static_cast<std::size_t>(total));
    const unsigned flags = FFTW_ESTIMATE | FFTW_UNALIGNED;
    {
      const std::lock_guard<std::mutex> lock(planner_mutex());
      if (rows == 1) {
        out_of_place = fftw_plan_r2r_1d(cols, a, b, FFTW_RODFT00, flags | FFTW_PRESERVE_INPUT);
        in_place = fftw_plan_r2r_1d(cols, a, a, FFTW_RODFT00, flags);
      } else {
        out_of_place = fftw_plan_r2r_2d(rows, cols, a, b, FFTW_RODFT00, FFTW_RODFT00, flags | FFTW_PRESERVE_INPUT);
        in_place = fftw_plan_r2r_2d(rows, cols, a, a, FFTW_RODFT00, FFTW_RODFT00, flags);
      }
    }
    fftw_free(a);
    fftw_free(b);
    if (out_of_place == nullptr || in_place == nullptr) {
      release();
      throw RunTimeFailure("FFTW could not plan a sine transform of size " + std::to_string(rows) + " x " +
                           std::to_string(cols));
    }
  }
  Plans(const Plans&) = delete;
  Plans& operator=(const Plans&) = delete;
  ~Plans() { release(); }

  void release() {
    const std::lock_guard<std::mutex> lock(planner_mutex());
    if (out_of_place != nullptr) fftw_destroy_plan(out_of_place);
    if (in_place != nullptr) fftw_destroy_plan(in_place);
    out_of_place = nullptr;
    in_place = nullptr;
  }
};

SineTransform::SineTransform(int n) : SineTransform(1, n) {}

SineTransform::SineTransform(int rows, int cols) : rows_(rows), cols_(cols) {
  if (rows < 1 || cols < 1) throw InputError("size", "a sine transform needs at least one point per dimension");
  // FFTW's RODFT00 is 2 sum x_i sin(...) per dimension; the orthonormal S has sqrt(2/(n+1)).
  scale_ = 1.0 / std::sqrt(2.0 * (cols + 1));
  if (rows > 1) scale_ /= std::sqrt(2.0 * (rows + 1));
  plans_ = std::make_shared<const Plans>(rows, cols);
}

void SineTransform::apply(const double* input, double* output) const {
  fftw_execute_r2r(plans_->out_of_place, const_cast<double*>(input), output);  // NOLINT: FFTW_PRESERVE_INPUT
  for (int i = 0; i < size(); ++i) output[i] *= scale_;
}

void SineTransform::apply_in_place(double* data) const {
  fftw_execute_r2r(plans_->in_place, data, data);
  for (int i = 0; i < size(); ++i) data[i] *= scale_;
}

double SineTransform::second_difference_eigenvalue(int n, int k) {
  const double s = std::sin(std::numbers::pi * (k + 1) / (2.0 * (n + 1)));
  return -4.0 * s * s;
}

}  // namespace relcp::dcs
