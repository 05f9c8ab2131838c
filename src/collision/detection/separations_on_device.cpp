#include "collision/detection/separations_on_device.hpp"

#include <cstddef>
#include <memory>
#include <variant>

#include <spdlog/spdlog.h>

#include "core/parallel_loops.hpp"
#include "core/stopwatch.hpp"

namespace relcp::collision {
namespace {

using geometry::core_pair::CoreBody;
using geometry::core_pair::SeparationRecord;

constexpr unsigned char kCoreBody = 1;   // a sphere or an ellipsoid
constexpr unsigned char kEllipsoid = 2;  // an ellipsoid

// The bodies as the pairs index them (owned first, then the ghosts at their image positions)
// into the device's pinned buffer; returns each body's kCoreBody / kEllipsoid bits.
std::vector<unsigned char> fill_device_bodies(CoreBody* out, std::span<const particles::Body> owned,
                                              std::span<const particles::Ghost> ghosts) {
  const std::size_t count = owned.size() + ghosts.size();
  std::vector<unsigned char> kinds(count);
  const auto n = static_cast<std::ptrdiff_t>(count);
#pragma omp parallel for if (n > kParallelMinimumBodies) schedule(static)
  for (std::ptrdiff_t i = 0; i < n; ++i) {
    const auto k = static_cast<std::size_t>(i);
    const particles::Body& body = k < owned.size() ? owned[k] : ghosts[k - owned.size()].body;
    const bool taken = core_body_of(body, out[k]);
    kinds[k] = static_cast<unsigned char>((taken ? kCoreBody : 0) | (out[k].ellipsoid ? kEllipsoid : 0));
  }
  return kinds;
}

}  // namespace

bool core_body_of(const particles::Body& body, CoreBody& out) {
  const Quaternion& q = body.pose.orientation;
  const double orientation[4] = {q.w(), q.x(), q.y(), q.z()};
  const double* position = body.pose.position.data();
  if (const auto* ellipsoid = std::get_if<geometry::Ellipsoid>(&body.shape)) {
    out = geometry::core_pair::make_core_body(position, orientation, ellipsoid->radii.data(), 0.0, true);
    return true;
  }
  if (const auto* sphere = std::get_if<geometry::Sphere>(&body.shape)) {
    const double none[3] = {0.0, 0.0, 0.0};
    out = geometry::core_pair::make_core_body(position, orientation, none, sphere->radius, false);
    return true;
  }
  out = CoreBody();
  return false;
}

geometry::SignedSeparation to_signed_separation(const SeparationRecord& record) {
  geometry::SignedSeparation separation;
  separation.phi = record.phi;
  separation.point_a = Vec3(record.point_a[0], record.point_a[1], record.point_a[2]);
  separation.point_b = Vec3(record.point_b[0], record.point_b[1], record.point_b[2]);
  separation.normal = Vec3(record.normal[0], record.normal[1], record.normal[2]);
  separation.iterations = record.iterations;
  separation.converged = record.converged;
  separation.bound_only = record.bound_only;
  return separation;
}

ParallelFilledVector<geometry::SignedSeparation> separations_on_device(device::DeviceSeparations& device,
                                                                       std::span<const particles::CandidatePair> pairs,
                                                                       std::span<const particles::Body> owned,
                                                                       std::span<const particles::Ghost> ghosts,
                                                                       double needed_below) {
  Stopwatch watch;
  const std::size_t body_count = owned.size() + ghosts.size();
  const std::vector<unsigned char> kinds = fill_device_bodies(device.bodies(body_count), owned, ghosts);
  device::PairBodies* indices = device.pairs(pairs.size());
  const auto n = static_cast<std::ptrdiff_t>(pairs.size());
#pragma omp parallel for if (n > kParallelMinimumBodies) schedule(static)
  for (std::ptrdiff_t k = 0; k < n; ++k) {
    const particles::CandidatePair& pair = pairs[static_cast<std::size_t>(k)];
    const int a = pair.index_a;
    const int b = pair.b_is_ghost ? static_cast<int>(owned.size()) + pair.index_b : pair.index_b;
    const unsigned char both = kinds[static_cast<std::size_t>(a)] & kinds[static_cast<std::size_t>(b)];
    const unsigned char either = kinds[static_cast<std::size_t>(a)] | kinds[static_cast<std::size_t>(b)];
    // Two spheres take the host's closed form; other shapes the host's methods.
    const bool on_device = (both & kCoreBody) != 0 && (either & kEllipsoid) != 0;
    indices[k] = on_device ? device::PairBodies{a, b} : device::PairBodies{-1, -1};
  }
  const double packed = watch.seconds();
  const geometry::SeparationOptions options;
  device.separate(body_count, pairs.size(), needed_below, options.tolerance, options.max_iterations);
  const double on_gpu = watch.seconds() - packed;

  const SeparationRecord* records = device.records();
  const unsigned char* handled = device.handled();
  ParallelFilledVector<geometry::SignedSeparation> out(pairs.size());
  std::size_t on_host = 0;
#pragma omp parallel for if (n > kParallelMinimumPairs) schedule(dynamic, 512) reduction(+ : on_host)
  for (std::ptrdiff_t k = 0; k < n; ++k) {
    const auto i = static_cast<std::size_t>(k);
    if (handled[i] != 0) {
      std::construct_at(&out[i], to_signed_separation(records[i]));
      continue;
    }
    ++on_host;
    const particles::CandidatePair& pair = pairs[i];
    const particles::Body& a = owned[static_cast<std::size_t>(pair.index_a)];
    const particles::Body& b = pair.b_is_ghost ? ghosts[static_cast<std::size_t>(pair.index_b)].body
                                               : owned[static_cast<std::size_t>(pair.index_b)];
    std::construct_at(&out[i], geometry::signed_separation_below(a.shape, a.pose, b.shape, b.pose, needed_below));
  }
  spdlog::debug("separations on the device: {} pairs, {} on the host; pack {:.4f} s, device {:.4f} s, unpack {:.4f} s",
                pairs.size(), on_host, packed, on_gpu, watch.seconds() - packed - on_gpu);
  return out;
}

}  // namespace relcp::collision
