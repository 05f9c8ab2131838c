#pragma once
// LCP(M, q): find z >= 0 with w = M z + q >= 0 and z^T w = 0. M is dense or sparse (CSR);
// solvers that need the other storage ask for it and it is converted once, on demand.

#include <optional>

#include "lcp/types.hpp"

namespace relcp::lcp {

class LcpProblem {
 public:
  LcpProblem(DenseMatrix M, Vector q);
  LcpProblem(SparseMatrix M, Vector q);

  Index size() const { return q_.size(); }
  bool is_sparse() const { return sparse_.has_value() && !dense_owned_; }
  Index nonzeros() const;  // stored non-zeros of M (exact zeros of a dense M not counted)

  const Vector& q() const { return q_; }
  const DenseMatrix& dense() const;    // converts a sparse M on first call
  const SparseMatrix& sparse() const;  // converts a dense M on first call
  Vector diagonal() const;

  Vector multiply(const Vector& z) const;  // M z in the native storage
  Vector w(const Vector& z) const { return multiply(z) + q_; }
  double row_dot(Index i, const Vector& z) const;  // (M z)_i, O(row nnz) when sparse

 private:
  Vector q_;
  mutable std::optional<DenseMatrix> dense_;
  mutable std::optional<SparseMatrix> sparse_;
  bool dense_owned_ = false;  // true when M was given dense (its native storage)
};

}  // namespace relcp::lcp
