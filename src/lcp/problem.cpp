#include "lcp/problem.hpp"

#include <string>

#include "core/error.hpp"

namespace relcp::lcp {
namespace {

void check_shape(Index rows, Index cols, Index q_size) {
  if (rows != cols) {
    throw InputError("M", "matrix is " + std::to_string(rows) + " x " + std::to_string(cols) + ", not square");
  }
  if (rows != q_size) {
    throw InputError("q",
                     "vector has " + std::to_string(q_size) + " entries, matrix has " + std::to_string(rows) + " rows");
  }
}

}  // namespace

LcpProblem::LcpProblem(DenseMatrix M, Vector q) : q_(std::move(q)), dense_owned_(true) {
  check_shape(M.rows(), M.cols(), q_.size());
  dense_ = std::move(M);
}

LcpProblem::LcpProblem(SparseMatrix M, Vector q) : q_(std::move(q)) {
  check_shape(M.rows(), M.cols(), q_.size());
  M.makeCompressed();
  sparse_ = std::move(M);
}

Index LcpProblem::nonzeros() const {
  if (dense_owned_) return (dense_->array() != 0.0).count();
  return sparse_->nonZeros();
}

const DenseMatrix& LcpProblem::dense() const {
  if (!dense_) dense_ = DenseMatrix(*sparse_);
  return *dense_;
}

const SparseMatrix& LcpProblem::sparse() const {
  if (!sparse_) sparse_ = dense_->sparseView();
  return *sparse_;
}

Vector LcpProblem::diagonal() const {
  if (dense_owned_) return dense_->diagonal();
  return sparse_->diagonal();
}

Vector LcpProblem::multiply(const Vector& z) const {
  if (dense_owned_) return (*dense_) * z;
  return (*sparse_) * z;
}

double LcpProblem::row_dot(Index i, const Vector& z) const {
  if (dense_owned_) return dense_->row(i).dot(z);
  double sum = 0.0;
  for (SparseMatrix::InnerIterator it(*sparse_, i); it; ++it) sum += it.value() * z[it.col()];
  return sum;
}

}  // namespace relcp::lcp
