#include "dcs/laplace/laplace_dense_ode_solver.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/LU>
#include <unsupported/Eigen/MatrixFunctions>
#include <cmath>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "core/stopwatch.hpp"
#include "dcs/laplace/contour_tables.hpp"

namespace relcp::dcs {
namespace {

constexpr double kResolventByteLimit = 4.0 * 1024 * 1024 * 1024;

DenseMatrix sample_source(const DlcpProblem& problem, const TimeGrid& grid) {
  DenseMatrix sampled(problem.state_size(), grid.points());
  for (Eigen::Index l = 0; l < grid.points(); ++l) sampled.col(l) = problem.source(grid.t(l));
  return sampled;
}

DenseMatrix free_response(const DenseMatrix& A, const Vector& x0, const TimeGrid& grid, bool parallel) {
  DenseMatrix response(A.rows(), grid.points());
  const Eigen::Index points = grid.points();
#pragma omp parallel for schedule(static) if (parallel)
  for (Eigen::Index j = 0; j < points; ++j) {
    const DenseMatrix propagator = (A * grid.t(j)).exp();
    response.col(j) = propagator * x0;
  }
  return response;
}

std::vector<Complex> shifted_resolvents(const DenseMatrix& A, const ContourTables& tables, bool parallel) {
  const Eigen::Index m = A.rows();
  std::vector<Complex> resolvents(tables.size() * static_cast<std::size_t>(m * m));
  const Eigen::MatrixXcd complex_A = A.cast<Complex>();
  const auto entries = static_cast<std::int64_t>(tables.size());
#pragma omp parallel for schedule(static) if (parallel)
  for (std::int64_t e = 0; e < entries; ++e) {
    const auto at = static_cast<std::size_t>(e);
    Eigen::MatrixXcd shifted = -complex_A;
    shifted.diagonal().array() += tables.shift[at];
    const Eigen::MatrixXcd resolvent = tables.weight[at] * shifted.partialPivLu().inverse();
    std::copy(resolvent.data(), resolvent.data() + m * m, resolvents.begin() + static_cast<std::ptrdiff_t>(at * m * m));
  }
  return resolvents;
}

}  // namespace

void require_spectrum_in_sector(const DenseMatrix& A, const HyperbolicContourParameters& parameters) {
  const Eigen::VectorXcd eigenvalues = A.eigenvalues();
  const double limit = parameters.admissible_sector_angle();
  for (const Complex& lambda : eigenvalues) {
    const double angle = std::atan2(std::abs(lambda.imag()), -lambda.real());
    if (!(lambda.real() < 0.0) || !(angle < limit)) {
      std::ostringstream message;
      message << "A has the eigenvalue " << lambda.real() << (lambda.imag() < 0 ? " - " : " + ")
              << std::abs(lambda.imag()) << "i outside the sector |arg(-z)| < " << limit
              << " that the Laplace contour needs ([PL] (2.1a): every eigenvalue with negative real part)";
      throw InputError("A", message.str());
    }
  }
}

DenseLaplaceOdeSolver::DenseLaplaceOdeSolver(const DlcpProblem& problem, const TimeGrid& grid,
                                             const HyperbolicContour& contour, ComputeBackend backend)
    : B_(problem.B) {
  const DenseMatrix A = problem.A;
  const Eigen::Index m = A.rows();
  require_spectrum_in_sector(A, contour.parameters());
  const ContourTables tables = make_contour_tables(contour, grid.h, static_cast<int>(grid.steps));
  const double bytes = static_cast<double>(tables.size()) * static_cast<double>(m * m) * sizeof(Complex);
  if (bytes > kResolventByteLimit) {
    throw InputError("contour_half_nodes", "the dense Laplace solver would store " +
                                               std::to_string(static_cast<long long>(bytes / (1 << 20))) +
                                               " MiB of resolvents (J (P+1) m^2 complex numbers); reduce J or P");
  }
  const bool parallel = backend != ComputeBackend::serial;
  sampled_source_ = sample_source(problem, grid);
  free_response_ = free_response(A, problem.x0, grid, parallel);
  sums_ = make_dense_contour_sums(backend, tables, shifted_resolvents(A, tables, parallel), m, m);
}

void DenseLaplaceOdeSolver::solve(const DenseMatrix& y, DenseMatrix& x, TimeSplit& split) {
  Stopwatch watch;
  sources_ = B_ * y;
  sources_ += sampled_source_;
  split.interpolation += watch.seconds();
  const ContourSumTimes times = sums_->apply(sources_, forced_);
  split.interpolation += times.convolution;
  split.linear_algebra += times.node_sums;
  split.transfer += times.transfer;
  watch.restart();
  x = free_response_ + forced_;
  split.linear_algebra += watch.seconds();
}

}  // namespace relcp::dcs
