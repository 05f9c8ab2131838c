// The contact operator's local loops on hand-built CSR blocks: J^T gamma and J U against dense
// products, several blocks, and the same bits for every thread count.
#include <gtest/gtest.h>
#include <omp.h>

#include <Eigen/Dense>
#include <random>
#include <vector>

#include "collision/assembly/contact_kernels.hpp"

namespace relcp::collision {
namespace {

struct Row {
  int body_a;
  int body_b;  // -1: a wall row
  Eigen::Matrix<double, 12, 1> values;
};

// One block in the layout the constraint matrix builds: each row's body blocks in increasing
// body order, plus the per-body incidence lists.
class HandBuiltBlock {
 public:
  HandBuiltBlock(const std::vector<Row>& rows, int bodies, std::size_t first_row) : rows_(rows), first_row_(first_row) {
    offsets_.push_back(0);
    incidence_begin_.assign(bodies + 1, 0);
    std::vector<std::pair<int, int>> incidences;  // (body, row) in row order
    for (std::size_t r = 0; r < rows.size(); ++r) {
      std::vector<std::pair<int, int>> parts{{rows[r].body_a, 0}};
      if (rows[r].body_b >= 0) parts.push_back({rows[r].body_b, 6});
      std::sort(parts.begin(), parts.end());
      for (const auto& [body, source] : parts) {
        ++incidence_begin_[body + 1];
        incidences.push_back({body, static_cast<int>(r)});
        entry_of_.push_back(static_cast<int>(values_.size()));
        for (int k = 0; k < 6; ++k) {
          columns_.push_back(6 * body + k);
          values_.push_back(rows[r].values[source + k]);
        }
      }
      offsets_.push_back(values_.size());
    }
    for (int b = 0; b < bodies; ++b) incidence_begin_[b + 1] += incidence_begin_[b];
    incidence_row_.resize(incidences.size());
    incidence_entry_.resize(incidences.size());
    std::vector<int> next(incidence_begin_.begin(), incidence_begin_.end() - 1);
    for (std::size_t i = 0; i < incidences.size(); ++i) {
      const int slot = next[incidences[i].first]++;
      incidence_row_[slot] = incidences[i].second;
      incidence_entry_[slot] = entry_of_[i];
    }
  }

  ConstraintBlockView view() const {
    ConstraintBlockView view;
    view.rows = rows_.size();
    view.first_row = first_row_;
    view.row_offsets = offsets_.data();
    view.columns = columns_.data();
    view.values = values_.data();
    view.column_bodies = incidence_begin_.size() - 1;
    view.incidence_begin = incidence_begin_.data();
    view.incidence_row = incidence_row_.data();
    view.incidence_entry = incidence_entry_.data();
    return view;
  }

  void add_to_dense(Eigen::MatrixXd& J) const {
    for (std::size_t r = 0; r < rows_.size(); ++r) {
      const auto row = static_cast<Eigen::Index>(first_row_ + r);
      J.block<1, 6>(row, 6 * rows_[r].body_a) += rows_[r].values.head<6>().transpose();
      if (rows_[r].body_b >= 0) {
        J.block<1, 6>(row, 6 * rows_[r].body_b) += rows_[r].values.tail<6>().transpose();
      }
    }
  }

 private:
  std::vector<Row> rows_;
  std::size_t first_row_;
  std::vector<std::size_t> offsets_;
  std::vector<int> columns_;
  std::vector<double> values_;
  std::vector<int> entry_of_;
  std::vector<int> incidence_begin_, incidence_row_, incidence_entry_;
};

std::vector<Row> random_rows(int count, int bodies, std::mt19937_64& rng) {
  std::uniform_int_distribution<int> body(0, bodies - 1);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::vector<Row> rows(count);
  for (Row& row : rows) {
    row.body_a = body(rng);
    do {
      row.body_b = rng() % 5 == 0 ? -1 : body(rng);
    } while (row.body_b == row.body_a);
    for (int k = 0; k < 12; ++k) row.values[k] = row.body_b < 0 && k >= 6 ? 0.0 : unit(rng);
  }
  return rows;
}

TEST(ContactKernels, GatherAndRatesAreTheDenseProducts) {
  std::mt19937_64 rng(5);
  const int bodies = 9;
  // Two blocks; the first one's incidence covers only the first 7 bodies (an older, smaller
  // column map), so its rows touch only those.
  const HandBuiltBlock first(random_rows(12, 7, rng), 7, 0);
  const HandBuiltBlock second(random_rows(8, bodies, rng), bodies, 12);
  const ConstraintBlockView views[] = {first.view(), second.view()};
  Eigen::MatrixXd J = Eigen::MatrixXd::Zero(20, 6 * bodies);
  first.add_to_dense(J);
  second.add_to_dense(J);

  const Eigen::VectorXd gamma = Eigen::VectorXd::LinSpaced(20, -1.0, 1.5);
  Eigen::VectorXd forces = Eigen::VectorXd::Constant(6 * bodies, 99.0);  // overwritten
  gather_body_forces(views, 2, gamma.data(), forces.data(), bodies);
  EXPECT_LT((forces - J.transpose() * gamma).lpNorm<Eigen::Infinity>(), 1e-14);

  const Eigen::VectorXd velocities = Eigen::VectorXd::LinSpaced(6 * bodies, 0.5, -2.0);
  Eigen::VectorXd rates = Eigen::VectorXd::Constant(20, std::numeric_limits<double>::quiet_NaN());
  constraint_rates(views, 2, velocities.data(), 3.0, 0.0, rates.data());  // beta = 0 overwrites
  EXPECT_LT((rates - 3.0 * J * velocities).lpNorm<Eigen::Infinity>(), 1e-13);

  const Eigen::VectorXd previous = rates;
  constraint_rates(views, 2, velocities.data(), 1.0, -2.0, rates.data());
  EXPECT_LT((rates - (J * velocities - 2.0 * previous)).lpNorm<Eigen::Infinity>(), 1e-13);
}

TEST(ContactKernels, ResultsDoNotDependOnTheThreadCount) {
  std::mt19937_64 rng(6);
  const int bodies = 5000;
  const HandBuiltBlock block(random_rows(12000, bodies, rng), bodies, 0);
  const ConstraintBlockView view = block.view();
  const Eigen::VectorXd gamma = Eigen::VectorXd::Random(12000);
  const Eigen::VectorXd velocities = Eigen::VectorXd::Random(6 * bodies);
  const auto run = [&](int threads) {
    omp_set_num_threads(threads);
    Eigen::VectorXd forces(6 * bodies), rates(12000);
    gather_body_forces(&view, 1, gamma.data(), forces.data(), bodies);
    constraint_rates(&view, 1, velocities.data(), 1.0, 0.0, rates.data());
    return std::make_pair(forces, rates);
  };
  const auto one = run(1);
  const auto three = run(3);
  EXPECT_EQ(one.first, three.first);
  EXPECT_EQ(one.second, three.second);
}

}  // namespace
}  // namespace relcp::collision
