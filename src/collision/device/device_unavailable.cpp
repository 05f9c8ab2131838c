// A build without CUDA: the device functions exist so that the library links, and refuse.
// select_cuda_device (cuda_backend.cpp) refuses first, so these are reached only by a caller
// that skipped it.
#if !defined(RELCP_HAVE_CUDA)

#include "collision/device/device_contact_operator.hpp"
#include "collision/device/device_kernels.hpp"
#include "collision/device/device_memory.hpp"
#include "collision/device/device_pair_search.hpp"
#include "collision/device/device_separations.hpp"
#include "core/error.hpp"

namespace relcp::collision::device {
namespace {

[[noreturn]] void refuse() {
  throw InputError("backend", "cuda needs relcp built with CUDA (cmake -DRELCP_CUDA=ON); this build has none");
}

}  // namespace

void* allocate(std::size_t) { refuse(); }
void release(void*) noexcept {}
void copy_to_device(void*, const void*, std::size_t) { refuse(); }
void copy_to_host(void*, const void*, std::size_t) { refuse(); }
void copy_on_device(void*, const void*, std::size_t) { refuse(); }
void zero(void*, std::size_t) { refuse(); }

void fill(std::size_t, double, double*) { refuse(); }
void scale(std::size_t, double, double*) { refuse(); }
void axpy(std::size_t, double, const double*, double*) { refuse(); }
void axpby(std::size_t, double, const double*, double, double*) { refuse(); }
void combine(std::size_t, double, const double*, double, const double*, double*) { refuse(); }
void project_nonnegative(std::size_t, const unsigned char*, double*) { refuse(); }
void project_cones(std::size_t, const int*, const double*, double*) { refuse(); }
void projected_step(std::size_t, const double*, double, const double*, double*) { refuse(); }
void minimum_map(std::size_t, const double*, const double*, double*) { refuse(); }
void projected_gradient(std::size_t, const double*, const double*, double*) { refuse(); }
void local_dots(std::size_t, const double* const*, const double* const*, std::size_t, double*) { refuse(); }
double local_max_abs(std::size_t, const double*, bool&) { refuse(); }

struct DeviceContactOperator::Impl {};
DeviceContactOperator::DeviceContactOperator() { refuse(); }
DeviceContactOperator::~DeviceContactOperator() = default;
std::size_t DeviceContactOperator::update(const LocalContactRows&, HostHalo*) { refuse(); }
std::size_t DeviceContactOperator::rows() const { return 0; }
void DeviceContactOperator::apply(const double*, double*) const { refuse(); }

struct DeviceSeparations::Impl {};
DeviceSeparations::DeviceSeparations() { refuse(); }
DeviceSeparations::~DeviceSeparations() = default;
geometry::core_pair::CoreBody* DeviceSeparations::bodies(std::size_t) { refuse(); }
PairBodies* DeviceSeparations::pairs(std::size_t) { refuse(); }
void DeviceSeparations::separate(std::size_t, std::size_t, double, double, int) { refuse(); }
const geometry::core_pair::SeparationRecord* DeviceSeparations::records() const { refuse(); }
const unsigned char* DeviceSeparations::handled() const { refuse(); }

struct DevicePairSearch::Impl {};
DevicePairSearch::DevicePairSearch() { refuse(); }
DevicePairSearch::~DevicePairSearch() = default;
particles::cell_walk::Point* DevicePairSearch::points(std::size_t) { refuse(); }
int* DevicePairSearch::primaries(std::size_t) { refuse(); }
std::size_t DevicePairSearch::search(const particles::cell_walk::Grid&, std::size_t, std::size_t, double) { refuse(); }
const int* DevicePairSearch::first() const { refuse(); }
const int* DevicePairSearch::second() const { refuse(); }

int visible_device_count(const char** reason) {
  *reason = "this build has no CUDA";
  return 0;
}
void use_device(int) { refuse(); }
const char* current_device_name() { return "none"; }

}  // namespace relcp::collision::device

#endif
