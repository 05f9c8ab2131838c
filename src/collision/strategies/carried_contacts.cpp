#include "collision/strategies/carried_contacts.hpp"

#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <unordered_map>

#include "geometry/shapes/shape_parameters.hpp"
#include "geometry/shapes/shape_properties.hpp"
#include "particles/record_exchange.hpp"

namespace relcp::collision {
namespace {

// Rows of one pair whose contact points on A lie closer than this fraction of A's bounding radius
// are one contact: the later is merged into the earlier (its force added there).
constexpr double kMergeFraction = 0.1;

// Doubles of one row sent to a pair's new owner: the two ids, three vectors, two shapes (kind and
// parameters), gap and force (CarriedContacts::write_row).
constexpr int kCarriedRecordSize = 2 + 3 * 3 + 2 * (1 + static_cast<int>(geometry::kShapeParameterCount)) + 2;

GlobalId body_id(const particles::Body& body) { return body.id; }
GlobalId body_id(GlobalId id) { return id; }

const particles::Body* find_body(const particles::ParticleStore& store, GlobalId id,
                                 const std::unordered_map<GlobalId, const particles::Body*>& ghosts) {
  const auto& owned = store.owned();
  const auto it = std::lower_bound(owned.begin(), owned.end(), id,
                                   [](const particles::Body& body, GlobalId key) { return body.id < key; });
  if (it != owned.end() && it->id == id) return &*it;
  const auto ghost = ghosts.find(id);
  return ghost != ghosts.end() ? ghost->second : nullptr;
}

}  // namespace

std::optional<Vec3> carried_contact_arm(const geometry::Shape& then, const geometry::Shape& now, const Vec3& arm) {
  const auto* old_rod = std::get_if<geometry::Spherocylinder>(&then);
  const auto* new_rod = std::get_if<geometry::Spherocylinder>(&now);
  if (old_rod == nullptr || new_rod == nullptr) {
    const bool same =
        then.index() == now.index() && geometry::shape_parameters(then) == geometry::shape_parameters(now);
    return same ? std::optional<Vec3>(arm) : std::nullopt;
  }
  if (new_rod->radius != old_rod->radius || new_rod->length < old_rod->length) return std::nullopt;
  if (new_rod->length == old_rod->length) return arm;
  const double half_then = 0.5 * old_rod->length;
  const double half_now = 0.5 * new_rod->length;
  Vec3 moved = arm;
  if (std::abs(arm.z()) <= half_then) {
    moved.z() = half_then > 0.0 ? arm.z() * (half_now / half_then) : arm.z();
  } else {
    moved.z() = arm.z() + std::copysign(half_now - half_then, arm.z());
  }
  return moved;
}

void CarriedContacts::keep(const DistributedConstraintMatrix& matrix, const DistributedVector& gamma,
                           const DistributedVector& gap, const particles::ParticleStore& store) {
  kept_.clear();
  std::unordered_map<GlobalId, const particles::Body*> ghosts;
  for (const particles::Ghost& ghost : store.ghosts()) ghosts.emplace(ghost.body.id, &ghost.body);
  const ConstraintSet& set = matrix.constraints();
  for (std::size_t r = 0; r < set.size(); ++r) {
    const ConstraintRecord& record = set[r];
    if (!record.is_normal() || record.is_wall() || !(gamma[r] > 0.0)) continue;
    const particles::Body* a = find_body(store, record.body_a, ghosts);
    const particles::Body* b = find_body(store, record.body_b, ghosts);
    if (a == nullptr || b == nullptr) continue;
    const Quaternion to_a = a->pose.orientation.conjugate();
    kept_[{record.body_a, record.body_b}].push_back({to_a * record.arm_a,
                                                     b->pose.orientation.conjugate() * record.arm_b,
                                                     to_a * record.normal, a->shape, b->shape, gap[r], gamma[r]});
  }
}

void CarriedContacts::follow_owners(const particles::ParticleStore& store) {
  const MPI_Comm comm = store.comm();
  int ranks = 1;
  MPI_Comm_size(comm, &ranks);
  if (ranks == 1) return;
  std::unordered_map<GlobalId, int> ghost_owner;
  for (const particles::Ghost& ghost : store.ghosts()) ghost_owner.emplace(ghost.body.id, ghost.owner_rank);
  const auto& owned = store.owned();
  const auto owned_here = [&](GlobalId id) {
    return std::binary_search(owned.begin(), owned.end(), id,
                              [](const auto& x, const auto& y) { return body_id(x) < body_id(y); });
  };
  // One record a row: the pair's ids, then the row as a checkpoint writes it.
  std::vector<FlatStateWriter> outgoing(static_cast<std::size_t>(ranks));
  for (auto pair = kept_.begin(); pair != kept_.end();) {
    if (owned_here(pair->first.first)) {
      ++pair;
      continue;
    }
    const auto owner = ghost_owner.find(pair->first.first);
    if (owner != ghost_owner.end()) {
      for (const KeptRow& row : pair->second) {
        FlatStateWriter& out = outgoing[static_cast<std::size_t>(owner->second)];
        out.integer(pair->first.first);
        out.integer(pair->first.second);
        write_row(out, row);
      }
    }
    pair = kept_.erase(pair);
  }
  std::vector<std::vector<double>> data;
  data.reserve(outgoing.size());
  for (FlatStateWriter& out : outgoing) data.push_back(out.take());
  const particles::ReceivedRecords received = particles::exchange_records(comm, data, kCarriedRecordSize);
  FlatStateReader in(received.data);
  std::map<PairKey, std::vector<KeptRow>> arrived;
  while (!in.at_end()) {
    const GlobalId a = in.integer();
    const GlobalId b = in.integer();
    arrived[{a, b}].push_back(read_row(in));
  }
  for (auto& [pair, rows] : arrived) kept_.try_emplace(pair, std::move(rows));
}

std::vector<ConstraintRecord> CarriedContacts::rows_with(std::vector<ConstraintRecord> fresh,
                                                         const ContactScene& start) {
  start_force_.clear();
  std::map<PairKey, std::size_t> fresh_row;
  for (std::size_t r = 0; r < fresh.size(); ++r) {
    if (fresh[r].is_normal() && !fresh[r].is_wall()) fresh_row.emplace(PairKey{fresh[r].body_a, fresh[r].body_b}, r);
  }
  const std::size_t fresh_count = fresh.size();
  std::vector<double> merged_force(fresh_count, 0.0);
  const auto& owned = start.store.owned();
  const auto& ghosts = start.store.ghosts();
  for (const particles::CandidatePair& pair : start.pairs) {
    const auto kept = kept_.find({pair.a, pair.b});
    const auto own = fresh_row.find({pair.a, pair.b});
    if (kept == kept_.end() || own == fresh_row.end()) continue;  // new, or no longer near
    const particles::Body& a = owned[static_cast<std::size_t>(pair.index_a)];
    const particles::Body& b = pair.b_is_ghost ? ghosts[static_cast<std::size_t>(pair.index_b)].body
                                               : owned[static_cast<std::size_t>(pair.index_b)];
    const double merge_distance = kMergeFraction * geometry::bounding_radius(a.shape);
    // The pair's contacts so far: its fresh row, then the carried rows it keeps.
    std::vector<std::size_t> contacts{own->second};
    int creation_index = 0;
    for (const KeptRow& row : kept->second) {
      const std::optional<Vec3> body_arm_a = carried_contact_arm(row.shape_a, a.shape, row.arm_a);
      const std::optional<Vec3> body_arm_b = carried_contact_arm(row.shape_b, b.shape, row.arm_b);
      if (!body_arm_a || !body_arm_b) continue;
      const Vec3 arm_a = a.pose.orientation * *body_arm_a;
      auto near = std::find_if(contacts.begin(), contacts.end(),
                               [&](std::size_t c) { return (fresh[c].arm_a - arm_a).norm() < merge_distance; });
      if (near != contacts.end()) {
        if (*near < fresh_count) {
          merged_force[*near] += row.force;
        } else {
          start_force_[sort_key(fresh[*near])] += row.force;
        }
        continue;
      }
      geometry::SignedSeparation contact;
      contact.phi = row.gap;
      contact.point_a = a.pose.position + arm_a;
      contact.point_b = b.pose.position + b.pose.orientation * *body_arm_b;
      contact.normal = a.pose.orientation * row.normal;
      contact.converged = true;
      fresh.push_back(pair_constraint(pair.a, pair.b, contact, a.pose.position, b.pose.position, ++creation_index));
      start_force_[sort_key(fresh.back())] = row.force;
      contacts.push_back(fresh.size() - 1);
    }
  }
  for (std::size_t r = 0; r < fresh_count; ++r) {
    if (merged_force[r] > 0.0) start_force_[sort_key(fresh[r])] += merged_force[r];
  }
  kept_.clear();
  return fresh;
}

DistributedVector CarriedContacts::forces(const DistributedConstraintMatrix& matrix) const {
  const ConstraintSet& set = matrix.constraints();
  DistributedVector start(matrix.constraint_layout());
  for (std::size_t r = 0; r < set.size(); ++r) {
    const auto found = start_force_.find(sort_key(set[r]));
    if (found != start_force_.end()) start[r] = found->second;
  }
  return start;
}

std::size_t CarriedContacts::kept() const {
  std::size_t count = 0;
  for (const auto& [pair, rows] : kept_) count += rows.size();
  return count;
}

void CarriedContacts::save(FlatStateWriter& out) const {
  out.integer(static_cast<std::int64_t>(kept_.size()));
  for (const auto& [pair, rows] : kept_) {
    out.integer(pair.first);
    out.integer(pair.second);
    out.integer(static_cast<std::int64_t>(rows.size()));
    for (const KeptRow& row : rows) write_row(out, row);
  }
}

void CarriedContacts::write_row(FlatStateWriter& out, const KeptRow& row) {
  out.vector(row.arm_a);
  out.vector(row.arm_b);
  out.vector(row.normal);
  out.shape(row.shape_a);
  out.shape(row.shape_b);
  out.number(row.gap);
  out.number(row.force);
}

CarriedContacts::KeptRow CarriedContacts::read_row(FlatStateReader& in) {
  KeptRow row;
  row.arm_a = in.vector();
  row.arm_b = in.vector();
  row.normal = in.vector();
  row.shape_a = in.shape();
  row.shape_b = in.shape();
  row.gap = in.number();
  row.force = in.number();
  return row;
}

void CarriedContacts::restore(FlatStateReader& in) {
  kept_.clear();
  start_force_.clear();
  merge(in);
}

void CarriedContacts::merge(FlatStateReader& in) {
  for (std::size_t pairs = in.count(); pairs > 0; --pairs) {
    const GlobalId a = in.integer();
    const GlobalId b = in.integer();
    std::vector<KeptRow> rows;
    for (std::size_t n = in.count(); n > 0; --n) rows.push_back(read_row(in));
    kept_.try_emplace({a, b}, std::move(rows));
  }
}

void CarriedContacts::keep_only(const std::function<bool(GlobalId)>& owned_here) {
  std::erase_if(kept_, [&](const auto& entry) { return !owned_here(entry.first.first); });
}

}  // namespace relcp::collision
