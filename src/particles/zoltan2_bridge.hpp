#pragma once
// The one entry into Zoltan2. Trilinos 13.2 headers do not parse as C++20, so the file that
// includes them is compiled as C++17 and this interface uses only C++17 standard types.

#include <mpi.h>

#include <vector>

namespace relcp::particles::zoltan2_bridge {

struct Request {
  MPI_Comm comm = MPI_COMM_NULL;
  int num_parts = 1;
  bool recursive_bisection = false;  // MJ in its RCB mode; otherwise multi-jagged
  double imbalance_tolerance = 1.05;
  int num_local = 0;
  std::vector<const double*> coordinates;  // one array of num_local values per dimension
  const long long* ids = nullptr;
  const double* weights = nullptr;  // one per point, or nullptr when no rank uses weights
  bool use_weights = false;         // must agree on all ranks
};

struct Result {
  std::vector<int> parts;  // one per local point
  // Part boxes, num_parts x dims (row-major). Only the first num_cut_dims dimensions are
  // meaningful: MJ cuts dimensions 0, 1, ... in turn and never touches the rest.
  std::vector<double> box_lower;
  std::vector<double> box_upper;
  int num_cut_dims = 0;
};

// Collective over request.comm. Initializes Kokkos on first use when nobody else has.
Result partition_coordinates(const Request& request);

}  // namespace relcp::particles::zoltan2_bridge
