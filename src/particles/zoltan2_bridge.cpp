// Compiled as C++17 (see CMakeLists.txt): the only translation unit with Trilinos headers.
#include "particles/zoltan2_bridge.hpp"

#include <Kokkos_Core.hpp>
#include <Teuchos_DefaultMpiComm.hpp>
#include <Teuchos_ParameterList.hpp>
#include <Zoltan2_BasicVectorAdapter.hpp>
#include <Zoltan2_PartitioningProblem.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

namespace relcp::particles::zoltan2_bridge {
namespace {

using UserTypes = Zoltan2::BasicUserTypes<double, int, long long>;
using Adapter = Zoltan2::BasicVectorAdapter<UserTypes>;

// Zoltan2's multi-jagged code runs on Kokkos. An application that uses Tpetra initializes
// Kokkos itself (Tpetra::ScopeGuard); otherwise the first partitioning does, once.
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

int recursion_depth(const Request& request) {
  const int dims = static_cast<int>(request.coordinates.size());
  if (!request.recursive_bisection) return dims;  // MJ default: one level per dimension
  return static_cast<int>(std::ceil(std::log2(static_cast<double>(request.num_parts))));
}

}  // namespace

Result partition_coordinates(const Request& request) {
  ensure_kokkos_initialized();
  const int dims = static_cast<int>(request.coordinates.size());
  if (dims < 1 || dims > 3) throw std::invalid_argument("Zoltan2 partitioning needs 1-3 dimensions");

  std::vector<const double*> coordinates = request.coordinates;
  std::vector<int> coordinate_strides(static_cast<std::size_t>(dims), 1);
  // Zoltan2 reads through the pointers even when a rank has no points; give it valid ones.
  const double no_value = 0.0;
  const long long no_id = 0;
  for (auto& pointer : coordinates) {
    if (pointer == nullptr) pointer = &no_value;
  }
  std::vector<const double*> weights;
  std::vector<int> weight_strides;
  if (request.use_weights) {
    weights.push_back(request.weights != nullptr ? request.weights : &no_value);
    weight_strides.push_back(1);
  }
  Adapter adapter(request.num_local, request.ids != nullptr ? request.ids : &no_id, coordinates, coordinate_strides,
                  weights, weight_strides);

  Teuchos::ParameterList parameters("relcp partitioning");
  parameters.set("algorithm", "multijagged");
  parameters.set("num_global_parts", request.num_parts);
  parameters.set("imbalance_tolerance", request.imbalance_tolerance);
  parameters.set("mj_keep_part_boxes", true);
  parameters.set("mj_enable_rcb", request.recursive_bisection);

  const auto comm = Teuchos::rcp(new Teuchos::MpiComm<int>(request.comm));
  Zoltan2::PartitioningProblem<Adapter> problem(&adapter, &parameters, comm);
  problem.solve();
  const auto& solution = problem.getSolution();

  Result result;
  const int* parts = solution.getPartListView();
  result.parts.assign(parts, parts + request.num_local);
  result.num_cut_dims = std::min(recursion_depth(request), dims);
  result.box_lower.assign(static_cast<std::size_t>(request.num_parts * dims), 0.0);
  result.box_upper.assign(static_cast<std::size_t>(request.num_parts * dims), 0.0);
  for (const auto& box : solution.getPartBoxesView()) {
    const int part = box.getpId();
    if (part < 0 || part >= request.num_parts) continue;
    for (int d = 0; d < dims; ++d) {
      result.box_lower[static_cast<std::size_t>(part * dims + d)] = box.getlmins()[d];
      result.box_upper[static_cast<std::size_t>(part * dims + d)] = box.getlmaxs()[d];
    }
  }
  return result;
}

}  // namespace relcp::particles::zoltan2_bridge
