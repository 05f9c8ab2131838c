// The sparse Cholesky factorizations of the body-space solvers alm and ip (docs/collision_alm.md),
// on a planar contact network like the colony's: side x side bodies on a triangular lattice, three
// mobile directions each (in-plane velocity and spin, as a monolayer's), one row per neighbour pair
// (about three per body) with random entries (seed 1), every row weight 1e6, the diagonal 1.
//   NewtonFirstFactorization/side    a new CholmodNewtonFactorization: the symbolic analysis
//                                    (METIS from 16,384 directions on, AMD below) and the numeric
//                                    factorization, as the first Newton step of an LCP;
//   NewtonRememberedOrder/side       the same with a FillOrderingMemory that holds the order of the
//                                    previous LCP (docs/collision_alm.md, "Orderings kept from LCP
//                                    to LCP");
//   NewtonRefactorization/side       the numeric factorization alone, on an analysed pattern, as
//                                    every later Newton step that refactorizes.
// One thread. Run: build/bin/newton_factorization_bench [--benchmark_filter=...].

#include <benchmark/benchmark.h>

#include <Eigen/SparseCore>
#include <random>
#include <vector>

#include "collision/body_space/cholmod_newton_factorization.hpp"

namespace {

using relcp::collision::CholmodNewtonFactorization;
using relcp::collision::FillOrderingMemory;
using RowMatrix = Eigen::SparseMatrix<double, Eigen::RowMajor>;

constexpr int kDirections = 3;

RowMatrix planar_network(int side) {
  std::mt19937_64 rng(1);
  std::normal_distribution<double> entry;
  std::vector<Eigen::Triplet<double>> entries;
  int row = 0;
  const auto body = [side](int i, int j) { return i * side + j; };
  for (int i = 0; i < side; ++i) {
    for (int j = 0; j < side; ++j) {
      const int neighbours[3][2] = {{i, j + 1}, {i + 1, j}, {i + 1, j + 1}};
      for (const auto& n : neighbours) {
        if (n[0] >= side || n[1] >= side) continue;
        for (const int b : {body(i, j), body(n[0], n[1])}) {
          for (int d = 0; d < kDirections; ++d) entries.emplace_back(row, kDirections * b + d, entry(rng));
        }
        ++row;
      }
    }
  }
  RowMatrix jacobian(row, kDirections * side * side);
  jacobian.setFromTriplets(entries.begin(), entries.end());
  return jacobian;
}

struct Network {
  explicit Network(int side)
      : jacobian(planar_network(side)),
        weights(Eigen::VectorXd::Constant(jacobian.rows(), 1e6)),
        diagonal(Eigen::VectorXd::Ones(jacobian.cols())) {}
  RowMatrix jacobian;
  Eigen::VectorXd weights, diagonal;
};

void NewtonFirstFactorization(benchmark::State& state) {
  const Network network(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    CholmodNewtonFactorization factorization(network.jacobian);
    if (!factorization.factorize(network.weights, network.diagonal)) state.SkipWithError("factorization failed");
  }
  state.counters["directions"] = static_cast<double>(network.jacobian.cols());
}

void NewtonRememberedOrder(benchmark::State& state) {
  const Network network(static_cast<int>(state.range(0)));
  FillOrderingMemory memory;
  {
    CholmodNewtonFactorization first(network.jacobian, &memory);
    first.factorize(network.weights, network.diagonal);
  }
  for (auto _ : state) {
    CholmodNewtonFactorization factorization(network.jacobian, &memory);
    if (!factorization.factorize(network.weights, network.diagonal)) state.SkipWithError("factorization failed");
  }
  state.counters["orders_kept"] = static_cast<double>(memory.reused_orderings);
}

void NewtonRefactorization(benchmark::State& state) {
  const Network network(static_cast<int>(state.range(0)));
  CholmodNewtonFactorization factorization(network.jacobian);
  factorization.factorize(network.weights, network.diagonal);
  for (auto _ : state) {
    if (!factorization.factorize(network.weights, network.diagonal)) state.SkipWithError("factorization failed");
  }
}

}  // namespace

// 4,096, 8,281 and 16,384 bodies: 12,288 directions (AMD), 24,843 and 49,152 (METIS).
BENCHMARK(NewtonFirstFactorization)->Arg(64)->Arg(91)->Arg(128)->Unit(benchmark::kMillisecond);
BENCHMARK(NewtonRememberedOrder)->Arg(64)->Arg(91)->Arg(128)->Unit(benchmark::kMillisecond);
BENCHMARK(NewtonRefactorization)->Arg(64)->Arg(91)->Arg(128)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
