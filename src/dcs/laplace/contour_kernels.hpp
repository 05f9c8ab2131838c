#pragma once
// The per-thread work of the contour sums of the Laplace iteration, shared by the CPU back ends
// (loops) and the CUDA kernels (one thread per item). Complex arrays are interleaved doubles
// (re, im), which is the layout of std::complex<double> arrays; tables are indexed as in
// ContourTables, (j - 1) * nodes + p.
//
// Three kinds of items:
//  - convolution (j, p, c): the Duhamel integral of source component c at time point j through
//    node p, left * S + right * T with the Horner sum S and T from it (contour_tables.hpp);
//  - dense resolvent sum (j, i): x_j[i] = Im sum_p sum_c K_{j,p}(i, c) b_{j,p}(c), where
//    K_{j,p} = c_{p,j} (z_{p,j} I - A)^{-1} U is precomputed (m x r, column-major);
//  - diagonal resolvent sum (j, k): for A = V diag(lambda) V^T, the spectral coefficient
//    xhat_j[k] = Im sum_p c_{p,j} profile_k bhat_{j,p}(source_k) / (z_{p,j} - lambda_k).

#include <cstdint>

#include "dcs/device/host_device_cuda.hpp"

namespace relcp::dcs::kernels {

struct KernelComplex {
  double re;
  double im;
};

RELCP_HOST_DEVICE inline KernelComplex load_complex(const double* interleaved, std::int64_t index) {
  return {interleaved[2 * index], interleaved[2 * index + 1]};
}

RELCP_HOST_DEVICE inline void store_complex(double* interleaved, std::int64_t index, KernelComplex value) {
  interleaved[2 * index] = value.re;
  interleaved[2 * index + 1] = value.im;
}

RELCP_HOST_DEVICE inline KernelComplex multiply(KernelComplex a, KernelComplex b) {
  return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}

// Imaginary part of a * b / d, scaled by the real factor s.
RELCP_HOST_DEVICE inline double imag_of_quotient(KernelComplex a, KernelComplex b, KernelComplex d, double s) {
  const KernelComplex numerator = multiply(a, b);
  const double norm = d.re * d.re + d.im * d.im;
  return s * (numerator.im * d.re - numerator.re * d.im) / norm;
}

// sources: r x (J + 1), column-major (component c of node l at c + l * r). One Horner pass for
// S = sum_{l<j} rho^{j-1-l} a_l; then left S + right T with T = rho S + a_j - rho^j a_0.
RELCP_HOST_DEVICE inline KernelComplex convolve_source(int j, std::int64_t table_index, const double* decay,
                                                       const double* span, const double* left, const double* right,
                                                       const double* sources, std::int64_t r, std::int64_t c) {
  const KernelComplex rho = load_complex(decay, table_index);
  KernelComplex s{0.0, 0.0};
  for (std::int64_t l = 0; l < j; ++l) {
    const double a = sources[c + l * r];
    s = {rho.re * s.re - rho.im * s.im + a, rho.re * s.im + rho.im * s.re};
  }
  const KernelComplex full = load_complex(span, table_index);
  const double first = sources[c];
  const double last = sources[c + static_cast<std::int64_t>(j) * r];
  const KernelComplex rho_s = multiply(rho, s);
  const KernelComplex t{rho_s.re + last - full.re * first, rho_s.im - full.im * first};
  const KernelComplex a = multiply(load_complex(left, table_index), s);
  const KernelComplex b = multiply(load_complex(right, table_index), t);
  return {a.re + b.re, a.im + b.im};
}

// All r components of one entry at once, in the CPU's loop order (l outer, c inner: contiguous
// and vectorizable). Per component the operations are those of convolve_source, in the same
// order, so the results agree bit for bit. work: 2 r doubles; out: r interleaved complex values.
inline void convolve_entry(int j, std::int64_t table_index, const double* decay, const double* span, const double* left,
                           const double* right, const double* sources, std::int64_t r, double* work, double* out) {
  const KernelComplex rho = load_complex(decay, table_index);
  double* s_re = work;
  double* s_im = work + r;
  for (std::int64_t c = 0; c < r; ++c) s_re[c] = s_im[c] = 0.0;
  for (std::int64_t l = 0; l < j; ++l) {
    const double* a = sources + l * r;
    for (std::int64_t c = 0; c < r; ++c) {
      const double re = rho.re * s_re[c] - rho.im * s_im[c] + a[c];
      const double im = rho.re * s_im[c] + rho.im * s_re[c];
      s_re[c] = re;
      s_im[c] = im;
    }
  }
  const KernelComplex full = load_complex(span, table_index);
  const KernelComplex alpha = load_complex(left, table_index);
  const KernelComplex beta = load_complex(right, table_index);
  for (std::int64_t c = 0; c < r; ++c) {
    const KernelComplex s{s_re[c], s_im[c]};
    const KernelComplex rho_s = multiply(rho, s);
    const KernelComplex t{rho_s.re + sources[c + static_cast<std::int64_t>(j) * r] - full.re * sources[c],
                          rho_s.im - full.im * sources[c]};
    const KernelComplex a = multiply(alpha, s);
    const KernelComplex b = multiply(beta, t);
    store_complex(out, c, {a.re + b.re, a.im + b.im});
  }
}

// resolvents: per table entry an m x r column-major complex block; convolved: per table entry an
// r-vector (the output of convolve_source for c = 0..r-1).
RELCP_HOST_DEVICE inline double dense_resolvent_sum(int j, std::int64_t i, int nodes, std::int64_t m, std::int64_t r,
                                                    const double* resolvents, const double* convolved) {
  double sum = 0.0;
  for (int p = 0; p < nodes; ++p) {
    const std::int64_t entry = static_cast<std::int64_t>(j - 1) * nodes + p;
    for (std::int64_t c = 0; c < r; ++c) {
      const KernelComplex k = load_complex(resolvents, (entry * r + c) * m + i);
      const KernelComplex b = load_complex(convolved, entry * r + c);
      sum += k.re * b.im + k.im * b.re;
    }
  }
  return sum;
}

// source: which component of the convolved r-vector feeds mode k; profile: its real factor.
RELCP_HOST_DEVICE inline double diagonal_resolvent_sum(int j, int nodes, const double* shifts, const double* weights,
                                                       double eigenvalue, std::int64_t r, const double* convolved,
                                                       std::int64_t source, double profile) {
  double sum = 0.0;
  for (int p = 0; p < nodes; ++p) {
    const std::int64_t entry = static_cast<std::int64_t>(j - 1) * nodes + p;
    KernelComplex d = load_complex(shifts, entry);
    d.re -= eigenvalue;
    sum += imag_of_quotient(load_complex(weights, entry), load_complex(convolved, entry * r + source), d, profile);
  }
  return sum;
}

}  // namespace relcp::dcs::kernels
