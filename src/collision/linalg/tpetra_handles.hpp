#pragma once
// Internal: the Tpetra objects behind the collision layer's opaque handles. Included only by the
// files compiled as C++17 (src/collision/CMakeLists.txt, `tpetra_sources`), never by a public
// header: Trilinos 13.2 headers do not parse as C++20.

#include <mpi.h>

#include <Teuchos_Comm.hpp>
#include <Teuchos_RCP.hpp>
#include <Tpetra_Export.hpp>
#include <Tpetra_Import.hpp>
#include <Tpetra_Map.hpp>
#include <Tpetra_MultiVector.hpp>
#include <Tpetra_Operator.hpp>
#include <Tpetra_Vector.hpp>
#include <memory>

#include "collision/linalg/distributed_vector.hpp"

namespace relcp::collision {

namespace tpetra {
using Map = Tpetra::Map<>;
using LocalOrdinal = Map::local_ordinal_type;
using GlobalOrdinal = Map::global_ordinal_type;
using MultiVector = Tpetra::MultiVector<double>;
using Vector = Tpetra::Vector<double>;
using Import = Tpetra::Import<>;
using Export = Tpetra::Export<>;
using Operator = Tpetra::Operator<double>;
}  // namespace tpetra

struct VectorLayout::Impl {
  Teuchos::RCP<const tpetra::Map> map;
  MPI_Comm comm = MPI_COMM_NULL;
};

struct DistributedVector::Impl {
  Teuchos::RCP<tpetra::MultiVector> vector;  // one column
};

// A Tpetra::Operator behind a DistributedLinearOperator (distributed_linear_operator.hpp).
struct TpetraOperatorHandle {
  Teuchos::RCP<const tpetra::Operator> op;
};

// Tpetra runs on Kokkos: initializes it once (Serial back end) unless the application has
// (Tpetra::ScopeGuard), and finalizes it at exit.
void ensure_kokkos_initialized();

Teuchos::RCP<const Teuchos::Comm<int>> teuchos_comm(MPI_Comm comm);

VectorLayout layout_of(const Teuchos::RCP<const tpetra::Map>& map, MPI_Comm comm);

// These helpers are defined in distributed_vector.cpp (one Tpetra translation unit less).

// The local entries of one column (host memory; Kokkos Serial).
double* column_data(tpetra::MultiVector& vector, std::size_t column);
const double* column_data(const tpetra::MultiVector& vector, std::size_t column);

}  // namespace relcp::collision
