#include "dcs/waveform/dlcp_belos_shifted_solver.hpp"

#include <BelosLinearProblem.hpp>
#include <BelosPseudoBlockCGSolMgr.hpp>
#include <BelosPseudoBlockGmresSolMgr.hpp>
#include <BelosTpetraAdapter.hpp>
#include <Kokkos_Core.hpp>
#include <Teuchos_DefaultSerialComm.hpp>
#include <Teuchos_ParameterList.hpp>
#include <Tpetra_CrsMatrix.hpp>
#include <Tpetra_Map.hpp>
#include <Tpetra_MultiVector.hpp>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/error.hpp"

namespace relcp::dcs {
namespace {

using CrsMatrix = Tpetra::CrsMatrix<double>;
using LocalOrdinal = CrsMatrix::local_ordinal_type;
using GlobalOrdinal = CrsMatrix::global_ordinal_type;
using Map = Tpetra::Map<LocalOrdinal, GlobalOrdinal>;
using MultiVector = Tpetra::MultiVector<double, LocalOrdinal, GlobalOrdinal>;
using Operator = Tpetra::Operator<double, LocalOrdinal, GlobalOrdinal>;
using LinearProblem = Belos::LinearProblem<double, MultiVector, Operator>;

// Tpetra runs on Kokkos. An application that uses Tpetra elsewhere initializes Kokkos itself
// (Tpetra::ScopeGuard); otherwise the first solver does, once (as the Zoltan2 bridge does).
void ensure_kokkos_initialized() {
  if (Kokkos::is_initialized()) return;
  Kokkos::InitArguments arguments;
  arguments.num_threads = 1;
  arguments.disable_warnings = true;
  Kokkos::initialize(arguments);
  std::atexit([] {
    if (Kokkos::is_initialized()) Kokkos::finalize();
  });
}

class BelosShiftedSolver final : public ShiftedSystemSolver {
 public:
  BelosShiftedSolver(const RowSparseMatrix& shifted, const BelosSettings& settings) : settings_(settings) {
    ensure_kokkos_initialized();
    const Teuchos::RCP<const Teuchos::Comm<int>> comm = Teuchos::rcp(new Teuchos::SerialComm<int>());
    map_ = Teuchos::rcp(new Map(static_cast<Tpetra::global_size_t>(shifted.rows()), 0, comm));
    std::size_t widest = 1;
    for (Eigen::Index i = 0; i < shifted.rows(); ++i) {
      widest = std::max<std::size_t>(
          widest, static_cast<std::size_t>(shifted.outerIndexPtr()[i + 1] - shifted.outerIndexPtr()[i]));
    }
    auto matrix = Teuchos::rcp(new CrsMatrix(map_, widest));
    std::vector<GlobalOrdinal> columns;
    std::vector<double> values;
    for (Eigen::Index i = 0; i < shifted.rows(); ++i) {
      columns.clear();
      values.clear();
      for (RowSparseMatrix::InnerIterator entry(shifted, i); entry; ++entry) {
        columns.push_back(static_cast<GlobalOrdinal>(entry.col()));
        values.push_back(entry.value());
      }
      matrix->insertGlobalValues(static_cast<GlobalOrdinal>(i), Teuchos::ArrayView<const GlobalOrdinal>(columns),
                                 Teuchos::ArrayView<const double>(values));
    }
    matrix->fillComplete();
    matrix_ = matrix;
  }

  std::string_view name() const override { return settings_.method == BelosMethod::cg ? "cg" : "gmres"; }

  Vector solve(const Vector& b) const override {
    DenseMatrix columns = b;
    return solve(columns).col(0);
  }

  DenseMatrix solve(const DenseMatrix& b) const override {
    const std::size_t count = static_cast<std::size_t>(b.cols());
    auto rhs = Teuchos::rcp(new MultiVector(map_, count));
    auto solution = Teuchos::rcp(new MultiVector(map_, count, true));
    for (std::size_t k = 0; k < count; ++k) {
      Teuchos::ArrayRCP<double> data = rhs->getDataNonConst(k);
      for (Eigen::Index i = 0; i < b.rows(); ++i) data[i] = b(i, static_cast<Eigen::Index>(k));
    }
    auto problem = Teuchos::rcp(new LinearProblem(matrix_, solution, rhs));
    if (!problem->setProblem()) throw RunTimeFailure("Belos could not set up the I - h A system");

    auto parameters = Teuchos::rcp(new Teuchos::ParameterList());
    parameters->set("Convergence Tolerance", settings_.relative_tolerance);
    parameters->set("Maximum Iterations", settings_.max_iterations);
    Teuchos::RCP<Belos::SolverManager<double, MultiVector, Operator>> solver;
    if (settings_.method == BelosMethod::cg) {
      solver = Teuchos::rcp(new Belos::PseudoBlockCGSolMgr<double, MultiVector, Operator>(problem, parameters));
    } else {
      parameters->set("Num Blocks", std::min(settings_.max_iterations, 200));
      solver = Teuchos::rcp(new Belos::PseudoBlockGmresSolMgr<double, MultiVector, Operator>(problem, parameters));
    }
    const Belos::ReturnType outcome = solver->solve();
    iterations_ += solver->getNumIters();
    if (outcome != Belos::Converged) {
      throw RunTimeFailure("Belos " + std::string(name()) + " did not reach the relative tolerance " +
                           std::to_string(settings_.relative_tolerance) + " in " +
                           std::to_string(settings_.max_iterations) + " iterations on I - h A");
    }
    DenseMatrix x(b.rows(), b.cols());
    for (std::size_t k = 0; k < count; ++k) {
      Teuchos::ArrayRCP<const double> data = solution->getData(k);
      for (Eigen::Index i = 0; i < b.rows(); ++i) x(i, static_cast<Eigen::Index>(k)) = data[i];
    }
    return x;
  }

  long long iterations() const override { return iterations_; }

 private:
  BelosSettings settings_;
  Teuchos::RCP<const Map> map_;
  Teuchos::RCP<const CrsMatrix> matrix_;
  mutable long long iterations_ = 0;
};

}  // namespace

std::unique_ptr<ShiftedSystemSolver> make_belos_shifted_solver(const RowSparseMatrix& shifted,
                                                               const BelosSettings& settings) {
  return std::make_unique<BelosShiftedSolver>(shifted, settings);
}

}  // namespace relcp::dcs
