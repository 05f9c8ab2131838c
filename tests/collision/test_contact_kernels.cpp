// The contact operator's local loops on hand-built CSR blocks and their compact copies (PairRows):
// J^T gamma and J U against dense products, several blocks, and the same bits for every thread
// count.
#include <gtest/gtest.h>
#include <omp.h>

#include <Eigen/Dense>
#include <random>
#include <vector>

#include "collision/assembly/contact_kernels.hpp"
#include "collision/assembly/pair_rows.hpp"

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

// gather(gamma, forces) = J^T gamma (overwriting forces) and rates(U, scale, beta, out) = scale J U
// + beta out (beta = 0 overwriting out), to rounding relative to the entries' size.
template <class Gather, class Rates>
void expect_dense_products(const Eigen::MatrixXd& J, const Gather& gather, const Rates& rates) {
  const Eigen::VectorXd gamma = Eigen::VectorXd::LinSpaced(J.rows(), -1.0, 1.5);
  Eigen::VectorXd forces = Eigen::VectorXd::Constant(J.cols(), 99.0);
  gather(gamma.data(), forces.data());
  EXPECT_LT((forces - J.transpose() * gamma).lpNorm<Eigen::Infinity>(), 1e-13);

  const Eigen::VectorXd velocities = Eigen::VectorXd::LinSpaced(J.cols(), 0.5, -2.0);
  Eigen::VectorXd out = Eigen::VectorXd::Constant(J.rows(), std::numeric_limits<double>::quiet_NaN());
  rates(velocities.data(), 3.0, 0.0, out.data());
  EXPECT_LT((out - 3.0 * J * velocities).lpNorm<Eigen::Infinity>(), 1e-12);

  const Eigen::VectorXd previous = out;
  rates(velocities.data(), 1.0, -2.0, out.data());
  EXPECT_LT((out - (J * velocities - 2.0 * previous)).lpNorm<Eigen::Infinity>(), 1e-12);
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

  expect_dense_products(
      J, [&](const double* gamma, double* forces) { gather_body_forces(views, 2, gamma, forces, bodies); },
      [&](const double* velocities, double scale, double beta, double* rates) {
        constraint_rates(views, 2, velocities, scale, beta, rates);
      });
}

// The gather and the rates of `bodies` bodies and `rows` rows with 1 and 3 threads: the same bits.
template <class Gather, class Rates>
void expect_same_bits_for_any_thread_count(int rows, int bodies, const Gather& gather, const Rates& rates) {
  const Eigen::VectorXd gamma = Eigen::VectorXd::Random(rows);
  const Eigen::VectorXd velocities = Eigen::VectorXd::Random(6 * bodies);
  const auto run = [&](int threads) {
    omp_set_num_threads(threads);
    Eigen::VectorXd forces(6 * bodies), out(rows);
    gather(gamma.data(), forces.data());
    rates(velocities.data(), out.data());
    return std::make_pair(forces, out);
  };
  const auto one = run(1);
  const auto three = run(3);
  EXPECT_EQ(one.first, three.first);
  EXPECT_EQ(one.second, three.second);
}

TEST(ContactKernels, ResultsDoNotDependOnTheThreadCount) {
  std::mt19937_64 rng(6);
  const int bodies = 5000;
  const HandBuiltBlock block(random_rows(12000, bodies, rng), bodies, 0);
  const ConstraintBlockView view = block.view();
  expect_same_bits_for_any_thread_count(
      12000, bodies, [&](const double* gamma, double* forces) { gather_body_forces(&view, 1, gamma, forces, bodies); },
      [&](const double* velocities, double* rates) { constraint_rates(&view, 1, velocities, 1.0, 0.0, rates); });
}

// Contacts as the assembly builds them: `rows_per_contact` consecutive rows on one pair (or one
// body and a wall), the translational parts on the two bodies opposite.
std::vector<Row> contact_rows(int contacts, int rows_per_contact, int bodies, std::mt19937_64& rng) {
  std::vector<Row> rows;
  for (const Row& contact : random_rows(contacts, bodies, rng)) {
    for (int k = 0; k < rows_per_contact; ++k) {
      Row row = contact;
      for (int e = 0; e < 12; ++e) row.values[e] = row.body_b < 0 && e >= 6 ? 0.0 : std::sin(double(rng() % 1000));
      if (row.body_b >= 0) row.values.segment<3>(6) = -row.values.head<3>();
      rows.push_back(row);
    }
  }
  return rows;
}

// Contacts with a lever arm on each body: every row of a contact is t . (v_b + w_b x r_b - v_a -
// w_a x r_a) for the contact's normal or a tangent t, as the assembly builds normal and tangent
// rows (collision/assembly/friction_rows). In the CSR layout the first body is the lower one.
std::vector<Row> lever_rows(int contacts, int rows_per_contact, int bodies, std::mt19937_64& rng) {
  std::vector<Row> rows;
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (const Row& contact : random_rows(contacts, bodies, rng)) {
    const Eigen::Vector3d normal = Eigen::Vector3d(unit(rng), unit(rng), unit(rng)).normalized();
    const Eigen::Vector3d t1 = normal.unitOrthogonal();
    const Eigen::Vector3d directions[] = {normal, t1, normal.cross(t1)};
    const Eigen::Vector3d arm_a(unit(rng), unit(rng), unit(rng));
    const Eigen::Vector3d arm_b(unit(rng), unit(rng), unit(rng));
    for (int k = 0; k < rows_per_contact; ++k) {
      const Eigen::Vector3d& t = directions[k];
      Row row = contact;
      row.values.setZero();
      row.values.head<3>() = -t;
      row.values.segment<3>(3) = -arm_a.cross(t);
      if (row.body_b >= 0) {
        row.values.segment<3>(6) = t;
        row.values.segment<3>(9) = arm_b.cross(t);
      }
      rows.push_back(row);
    }
  }
  return rows;
}

// The compact copies of two blocks applied together give the dense products of their rows.
void expect_compact_dense_products(const HandBuiltBlock& first, const PairRows& first_rows,
                                   const HandBuiltBlock& second, const PairRows& second_rows, int rows, int bodies) {
  const PairRowsView views[] = {first_rows.view(), second_rows.view()};
  Eigen::MatrixXd J = Eigen::MatrixXd::Zero(rows, 6 * bodies);
  first.add_to_dense(J);
  second.add_to_dense(J);
  expect_dense_products(
      J, [&](const double* gamma, double* forces) { gather_pair_forces(views, 2, gamma, forces, bodies); },
      [&](const double* velocities, double scale, double beta, double* out) {
        pair_constraint_rates(views, 2, velocities, scale, beta, out);
      });
}

TEST(PairRows, GiveTheDenseProductsOfContactRows) {
  std::mt19937_64 rng(7);
  const int bodies = 11;
  const HandBuiltBlock first(contact_rows(5, 3, 8, rng), 8, 0);
  const HandBuiltBlock second(contact_rows(3, 9, bodies, rng), bodies, 15);  // runs of 9 rows are split
  const std::optional<PairRows> first_rows = PairRows::from_csr(first.view());
  const std::optional<PairRows> second_rows = PairRows::from_csr(second.view());
  ASSERT_TRUE(first_rows && second_rows);
  EXPECT_EQ(first_rows->view().groups, 5u);
  EXPECT_EQ(second_rows->view().groups, 6u);
  expect_compact_dense_products(first, *first_rows, second, *second_rows, 42, bodies);
}

TEST(PairRows, KeepOneArmPerBodyWhereTheRowsShareIt) {
  std::mt19937_64 rng(10);
  const int bodies = 12;
  const HandBuiltBlock frictional(lever_rows(6, 3, 10, rng), 10, 0);
  // Contacts without a cone (one-row groups) among frictional ones: their arm is fixed only
  // across the normal, and any arm with r x n = a serves.
  std::vector<Row> mixed_rows = lever_rows(4, 1, bodies, rng);
  for (const Row& row : lever_rows(4, 3, bodies, rng)) mixed_rows.push_back(row);
  for (const Row& row : lever_rows(2, 2, bodies, rng)) mixed_rows.push_back(row);
  const HandBuiltBlock mixed(mixed_rows, bodies, 18);
  const std::optional<PairRows> frictional_rows = PairRows::from_csr(frictional.view());
  const std::optional<PairRows> mixed_compact = PairRows::from_csr(mixed.view());
  ASSERT_TRUE(frictional_rows && mixed_compact);
  EXPECT_TRUE(frictional_rows->lever_form());
  EXPECT_TRUE(mixed_compact->lever_form());

  expect_compact_dense_products(frictional, *frictional_rows, mixed, *mixed_compact, 38, bodies);
}

TEST(PairRows, KeepNineNumbersPerRowWhereNoArmFits) {
  std::mt19937_64 rng(11);
  std::vector<Row> rows = lever_rows(20, 3, 9, rng);
  rows[31].values[4] += 1e-9;  // one angular part off the contact's arm
  const std::optional<PairRows> compact = PairRows::from_csr(HandBuiltBlock(rows, 9, 0).view());
  ASSERT_TRUE(compact);
  EXPECT_FALSE(compact->lever_form());
  const std::optional<PairRows> random_angular =
      PairRows::from_csr(HandBuiltBlock(contact_rows(20, 3, 9, rng), 9, 0).view());
  ASSERT_TRUE(random_angular);
  EXPECT_FALSE(random_angular->lever_form());
}

TEST(PairRows, DeclineRowsTheyCannotHoldAndSingleRows) {
  std::mt19937_64 rng(8);
  const HandBuiltBlock independent(random_rows(30, 9, rng), 9, 0);  // translational parts not opposite
  EXPECT_FALSE(PairRows::from_csr(independent.view()));
  const HandBuiltBlock single(contact_rows(30, 1, 9, rng), 9, 0);  // frictionless contacts stay CSR
  EXPECT_FALSE(PairRows::from_csr(single.view()));
  const HandBuiltBlock contacts(contact_rows(30, 2, 9, rng), 9, 0);
  EXPECT_TRUE(PairRows::from_csr(contacts.view()));
}

TEST(PairRows, ResultsDoNotDependOnTheThreadCount) {
  std::mt19937_64 rng(9);
  const int bodies = 5000;
  for (const bool lever : {false, true}) {
    const HandBuiltBlock block(lever ? lever_rows(4000, 3, bodies, rng) : contact_rows(4000, 3, bodies, rng), bodies,
                               0);
    const std::optional<PairRows> rows = PairRows::from_csr(block.view());
    ASSERT_TRUE(rows);
    EXPECT_EQ(rows->lever_form(), lever);
    const PairRowsView view = rows->view();
    expect_same_bits_for_any_thread_count(
        12000, bodies,
        [&](const double* gamma, double* forces) { gather_pair_forces(&view, 1, gamma, forces, bodies); },
        [&](const double* velocities, double* out) { pair_constraint_rates(&view, 1, velocities, 1.0, 0.0, out); });
  }
}

}  // namespace
}  // namespace relcp::collision
