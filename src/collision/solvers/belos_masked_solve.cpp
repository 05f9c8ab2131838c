#include "collision/solvers/belos_masked_solve.hpp"

#include <BelosLinearProblem.hpp>
#include <BelosPseudoBlockCGSolMgr.hpp>
#include <BelosPseudoBlockGmresSolMgr.hpp>
#include <BelosTpetraAdapter.hpp>
#include <Teuchos_ParameterList.hpp>
#include <Teuchos_oblackholestream.hpp>
#include <algorithm>
#include <cmath>
#include <exception>
#include <stdexcept>

#include "collision/linalg/tpetra_handles.hpp"

namespace relcp::collision {
namespace {

using LinearProblem = Belos::LinearProblem<double, tpetra::MultiVector, tpetra::Operator>;
using SolverManager = Belos::SolverManager<double, tpetra::MultiVector, tpetra::Operator>;

// B = P_A (A + mu I) P_A + P_F, applied matrix-free.
class MaskedOperator final : public tpetra::Operator {
 public:
  MaskedOperator(Teuchos::RCP<const tpetra::Operator> A, const std::vector<unsigned char>& active, double shift)
      : A_(std::move(A)), active_(active), shift_(shift) {}

  Teuchos::RCP<const tpetra::Map> getDomainMap() const override { return A_->getDomainMap(); }
  Teuchos::RCP<const tpetra::Map> getRangeMap() const override { return A_->getRangeMap(); }
  bool hasTransposeApply() const override { return true; }  // B is symmetric

  void apply(const tpetra::MultiVector& X, tpetra::MultiVector& Y, Teuchos::ETransp, double alpha,
             double beta) const override {
    const std::size_t n = X.getLocalLength();
    const std::size_t columns = X.getNumVectors();
    if (masked_.is_null() || masked_->getNumVectors() != columns) {
      masked_ = Teuchos::rcp(new tpetra::MultiVector(X.getMap(), columns));
      product_ = Teuchos::rcp(new tpetra::MultiVector(X.getMap(), columns));
    }
    for (std::size_t j = 0; j < columns; ++j) {
      const double* x = column_data(X, j);
      double* m = column_data(*masked_, j);
      for (std::size_t i = 0; i < n; ++i) m[i] = active_[i] != 0 ? x[i] : 0.0;
    }
    A_->apply(*masked_, *product_);
    applications_ += static_cast<int>(columns);
    for (std::size_t j = 0; j < columns; ++j) {
      const double* x = column_data(X, j);
      const double* p = column_data(*product_, j);
      double* y = column_data(Y, j);
      for (std::size_t i = 0; i < n; ++i) {
        const double bx = active_[i] != 0 ? p[i] + shift_ * x[i] : x[i];
        y[i] = beta == 0.0 ? alpha * bx : alpha * bx + beta * y[i];
      }
    }
  }

  int applications() const { return applications_; }

 private:
  Teuchos::RCP<const tpetra::Operator> A_;
  const std::vector<unsigned char>& active_;
  double shift_ = 0.0;
  mutable Teuchos::RCP<tpetra::MultiVector> masked_, product_;
  mutable int applications_ = 0;
};

Teuchos::RCP<SolverManager> make_solver(const Teuchos::RCP<LinearProblem>& problem, const KrylovSettings& settings) {
  auto parameters = Teuchos::rcp(new Teuchos::ParameterList());
  parameters->set("Convergence Tolerance", settings.relative_tolerance);
  parameters->set("Maximum Iterations", settings.max_iterations);
  parameters->set("Verbosity", 0);
  parameters->set("Output Stream", Teuchos::RCP<std::ostream>(Teuchos::rcp(new Teuchos::oblackholestream())));
  if (settings.method == KrylovMethod::cg) {
    // A_AA of a contact problem may be singular: report non-convergence instead of throwing.
    parameters->set("Assert Positive Definiteness", false);
    return Teuchos::rcp(
        new Belos::PseudoBlockCGSolMgr<double, tpetra::MultiVector, tpetra::Operator>(problem, parameters));
  }
  parameters->set("Num Blocks", std::min(settings.max_iterations, 50));
  return Teuchos::rcp(
      new Belos::PseudoBlockGmresSolMgr<double, tpetra::MultiVector, tpetra::Operator>(problem, parameters));
}

}  // namespace

KrylovOutcome solve_masked_system(const DistributedLinearOperator& A, const std::vector<unsigned char>& active,
                                  const DistributedVector& b, DistributedVector& x, const KrylovSettings& settings) {
  if (active.size() != b.local_size() || x.local_size() != b.local_size()) {
    throw std::invalid_argument("solve_masked_system: mask, b and x differ in local size");
  }
  if (!(settings.shift >= 0.0) || !std::isfinite(settings.shift)) {
    throw std::invalid_argument("solve_masked_system: the shift is not finite and >= 0");
  }
  auto masked = Teuchos::rcp(new MaskedOperator(A.tpetra()->op, active, settings.shift));
  Teuchos::RCP<const tpetra::MultiVector> rhs = b.impl().vector;
  auto problem = Teuchos::rcp(new LinearProblem(masked, x.impl().vector, rhs));
  KrylovOutcome outcome;
  if (!problem->setProblem()) return outcome;
  const Teuchos::RCP<SolverManager> solver = make_solver(problem, settings);
  try {
    outcome.converged = solver->solve() == Belos::Converged;
    outcome.iterations = solver->getNumIters();
  } catch (const std::exception&) {
    outcome.converged = false;
  }
  outcome.applications = masked->applications();
  return outcome;
}

}  // namespace relcp::collision
