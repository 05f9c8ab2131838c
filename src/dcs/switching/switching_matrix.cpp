#include "dcs/switching/switching_matrix.hpp"

#include <algorithm>

namespace relcp::dcs {

SwitchingMatrices build_switching_matrices(CountedSystem& system, const ActiveSet& active, double t, const Vector& x) {
  const int n = system.system().state_size();
  const int card = cardinality(active);
  SwitchingMatrices matrices{DenseMatrix(n, card), DenseMatrix::Zero(card, card)};

  Vector column(n);
  int index = 0;
  for (std::size_t term = 0; term < active.size(); ++term) {
    for (int mode : active[term]) {
      column.setZero();
      system.mode_rhs(static_cast<int>(term), mode, t, x, column);
      matrices.mode_rhs.col(index++) = column;
    }
  }

  Vector gradient(n);
  int row = 0;
  for (std::size_t term = 0; term < active.size(); ++term) {
    if (active[term].size() < 2) {
      row += static_cast<int>(active[term].size());
      continue;
    }
    for (int mode : active[term]) {
      gradient.setZero();
      system.indicator_gradient(static_cast<int>(term), mode, x, gradient);
      matrices.coupling.row(row++) = gradient.transpose() * matrices.mode_rhs;
    }
  }
  return matrices;
}

DenseMatrix term_incidence(const ActiveSet& active) {
  DenseMatrix incidence = DenseMatrix::Zero(cardinality(active), static_cast<Eigen::Index>(active.size()));
  int row = 0;
  for (std::size_t term = 0; term < active.size(); ++term) {
    for (std::size_t i = 0; i < active[term].size(); ++i) incidence(row++, term) = 1.0;
  }
  return incidence;
}

DenseMatrix augmented_matrix(const DenseMatrix& coupling, const ActiveSet& active, double alpha) {
  const Eigen::Index card = coupling.rows();
  const Eigen::Index terms = static_cast<Eigen::Index>(active.size());
  const DenseMatrix incidence = term_incidence(active);
  DenseMatrix n_alpha = DenseMatrix::Zero(card + terms, card + terms);
  n_alpha.topLeftCorner(card, card) = coupling.array() + alpha;
  n_alpha.topRightCorner(card, terms) = -incidence;
  n_alpha.bottomLeftCorner(terms, card) = incidence.transpose();
  return n_alpha;
}

double positive_shift(const DenseMatrix& coupling) {
  const double smallest = coupling.size() == 0 ? 0.0 : coupling.minCoeff();
  return 1.0 - std::min(smallest, 0.0);
}

std::vector<Vector> split_by_term(const Vector& values, const ActiveSet& active) {
  std::vector<Vector> parts(active.size());
  Eigen::Index offset = 0;
  for (std::size_t term = 0; term < active.size(); ++term) {
    const auto size = static_cast<Eigen::Index>(active[term].size());
    parts[term] = values.segment(offset, size);
    offset += size;
  }
  return parts;
}

}  // namespace relcp::dcs
