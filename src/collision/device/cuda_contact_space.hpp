#pragma once
// The device back end of the projected-gradient solvers (docs/gpu.md): a model of
// lcp::ProjectedGradientSpace whose vectors live in CUDA device memory and whose operator is the
// contact operator on the device (device_contact_operator.hpp), so the one generic BBPGD and APGD
// of lcp/projection/projected_gradient.hpp run unchanged on the GPU. Local operations are
// kernels; dot, dots, norm_inf and norm_2 reduce on the device, download, then take one
// MPI_Allreduce each, as the Tpetra space does. With friction cones the three projections
// project onto the cones (lcp::ConeConstrainedSpace's rules). C++20; no CUDA header.

#include <mpi.h>

#include <cmath>
#include <cstddef>
#include <limits>
#include <span>
#include <stdexcept>
#include <vector>

#include "collision/device/device_contact_operator.hpp"
#include "collision/device/device_kernels.hpp"
#include "collision/device/device_memory.hpp"
#include "lcp/friction/friction_cone.hpp"
#include "lcp/projection/projected_gradient_space.hpp"

namespace relcp::collision {

// One rank's entries of a vector, in device memory; new vectors are zero.
class DeviceVector {
 public:
  DeviceVector() = default;
  explicit DeviceVector(std::size_t size) : values_(size) { device::zero(values_.data(), size * sizeof(double)); }
  DeviceVector(const double* host, std::size_t size) : values_(host, size) {}

  std::size_t size() const { return values_.size(); }
  double* data() { return values_.data(); }
  const double* data() const { return values_.data(); }
  void swap(DeviceVector& other) noexcept { values_.swap(other.values_); }
  std::vector<double> to_host() const {
    std::vector<double> host(size());
    device::copy_to_host(host.data(), data(), size() * sizeof(double));
    return host;
  }

 private:
  device::DeviceArray<double> values_;
};

// The friction cones of this rank's rows (lcp::FrictionCones) in device memory.
class DeviceCones {
 public:
  explicit DeviceCones(const lcp::FrictionCones& cones) : count_(cones.blocks().size()) {
    if (cones.resists_rotation()) {
      throw std::invalid_argument(
          "the CUDA contact space projects Coulomb cones only: rolling and spinning resistance need backend cpu");
    }
    std::vector<int> normal_rows;
    std::vector<double> mu;
    std::vector<unsigned char> in_cone(cones.rows(), 0);
    for (const lcp::FrictionConeBlock& block : cones.blocks()) {
      normal_rows.push_back(static_cast<int>(block.normal_row));
      mu.push_back(block.mu);
      for (std::size_t k = 0; k < 3; ++k) in_cone[block.normal_row + k] = 1;
    }
    normal_rows_ = device::DeviceArray<int>(normal_rows.data(), normal_rows.size());
    mu_ = device::DeviceArray<double>(mu.data(), mu.size());
    in_cone_ = device::DeviceArray<unsigned char>(in_cone.data(), in_cone.size());
  }

  // out := its projection onto the cones and, on the other rows, onto out >= 0.
  void project(std::size_t n, double* out) const {
    device::project_nonnegative(n, in_cone_.data(), out);
    device::project_cones(count_, normal_rows_.data(), mu_.data(), out);
  }

 private:
  std::size_t count_ = 0;
  device::DeviceArray<int> normal_rows_;
  device::DeviceArray<double> mu_;
  device::DeviceArray<unsigned char> in_cone_;
};

class CudaContactSpace {
 public:
  using vector_type = DeviceVector;

  // The LCP 0 <= A z + q _|_ z >= 0 (or the CCP over `cones`). Keeps references: A, q and cones
  // must outlive the space.
  CudaContactSpace(const device::DeviceContactOperator& A, const DeviceVector& q, MPI_Comm comm,
                   const DeviceCones* cones = nullptr)
      : A_(A), q_(q), comm_(comm), cones_(cones), n_(q.size()) {}

  DeviceVector make_vector() const { return DeviceVector(n_); }
  const DeviceVector& q() const { return q_; }
  void apply(const DeviceVector& x, DeviceVector& out) const {
    ++applications_;
    A_.apply(x.data(), out.data());
  }
  int applications() const { return applications_; }

  void copy(const DeviceVector& x, DeviceVector& out) const {
    device::copy_on_device(out.data(), x.data(), n_ * sizeof(double));
  }
  void swap(DeviceVector& a, DeviceVector& b) const { a.swap(b); }
  void fill(double a, DeviceVector& out) const { device::fill(n_, a, out.data()); }
  void scale(double a, DeviceVector& out) const { device::scale(n_, a, out.data()); }
  void axpy(double a, const DeviceVector& x, DeviceVector& out) const { device::axpy(n_, a, x.data(), out.data()); }
  void axpby(double a, const DeviceVector& x, double b, DeviceVector& out) const {
    device::axpby(n_, a, x.data(), b, out.data());
  }
  void combine(double a, const DeviceVector& x, double b, const DeviceVector& y, DeviceVector& out) const {
    device::combine(n_, a, x.data(), b, y.data(), out.data());
  }

  double dot(const DeviceVector& x, const DeviceVector& y) const {
    const lcp::DotPair<DeviceVector> pair{x, y};
    double result = 0.0;
    dots(std::span<const lcp::DotPair<DeviceVector>>(&pair, 1), std::span<double>(&result, 1));
    return result;
  }
  void dots(std::span<const lcp::DotPair<DeviceVector>> pairs, std::span<double> results) const {
    std::vector<const double*> left, right;
    for (const auto& pair : pairs) {
      left.push_back(pair.left.data());
      right.push_back(pair.right.data());
    }
    std::vector<double> local(pairs.size(), 0.0);
    device::local_dots(pairs.size(), left.data(), right.data(), n_, local.data());
    MPI_Allreduce(local.data(), results.data(), static_cast<int>(pairs.size()), MPI_DOUBLE, MPI_SUM, comm_);
  }
  double norm_inf(const DeviceVector& x) const {
    bool has_nan = false;
    const double local = device::local_max_abs(n_, x.data(), has_nan);
    // MPI_MAX drops NaN: the flag travels in the same reduction (distributed_vector_ops.cpp).
    const double mine[2] = {local, has_nan ? 1.0 : 0.0};
    double global[2] = {0.0, 0.0};
    MPI_Allreduce(mine, global, 2, MPI_DOUBLE, MPI_MAX, comm_);
    return global[1] != 0.0 ? std::numeric_limits<double>::quiet_NaN() : global[0];
  }
  double norm_2(const DeviceVector& x) const { return std::sqrt(dot(x, x)); }

  void project_nonnegative(DeviceVector& out) const {
    if (cones_ != nullptr) {
      cones_->project(n_, out.data());
    } else {
      device::project_nonnegative(n_, nullptr, out.data());
    }
  }
  void projected_step(const DeviceVector& x, double a, const DeviceVector& y, DeviceVector& out) const {
    if (cones_ != nullptr) {
      combine(1.0, x, -a, y, out);
      cones_->project(n_, out.data());
    } else {
      device::projected_step(n_, x.data(), a, y.data(), out.data());
    }
  }
  // ||min(z, A z + q)||_inf, or with cones ||z - P_K(z - (A z + q))||_inf: the natural residual
  // (one application, one reduction), as the CPU's natural_residual and cone_natural_residual.
  double natural_residual(const DeviceVector& z) const {
    DeviceVector g = make_vector();
    DeviceVector r = make_vector();
    lcp::compute_gradient(*this, z, g);
    if (cones_ != nullptr) {
      projected_gradient(z, g, r);
    } else {
      device::minimum_map(n_, z.data(), g.data(), r.data());
    }
    return norm_inf(r);
  }

  // Without cones: g_i where z_i > 0, else min(g_i, 0). With cones: z - P_K(z - g).
  void projected_gradient(const DeviceVector& z, const DeviceVector& g, DeviceVector& out) const {
    if (cones_ != nullptr) {
      combine(1.0, z, -1.0, g, out);
      cones_->project(n_, out.data());
      axpby(1.0, z, -1.0, out);
    } else {
      device::projected_gradient(n_, z.data(), g.data(), out.data());
    }
  }

 private:
  const device::DeviceContactOperator& A_;
  const DeviceVector& q_;
  MPI_Comm comm_;
  const DeviceCones* cones_;
  std::size_t n_;
  mutable int applications_ = 0;
};

static_assert(lcp::ProjectedGradientSpace<CudaContactSpace>);

}  // namespace relcp::collision
