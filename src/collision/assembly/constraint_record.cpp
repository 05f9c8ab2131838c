#include "collision/assembly/constraint_record.hpp"

#include "geometry/rows/constraint_row.hpp"

namespace relcp::collision {
namespace {

ConstraintRecord with_contact(const geometry::SignedSeparation& contact) {
  ConstraintRecord record;
  record.phi = contact.phi;
  record.point_a = contact.point_a;
  record.point_b = contact.point_b;
  record.normal = contact.normal;
  return record;
}

}  // namespace

ConstraintRecord pair_constraint(GlobalId body_a, GlobalId body_b, const geometry::SignedSeparation& contact,
                                 const Vec3& centre_a, const Vec3& centre_b, int creation_index) {
  ConstraintRecord record = with_contact(contact);
  record.body_a = body_a;
  record.body_b = body_b;
  record.creation_index = creation_index;
  record.row = geometry::pair_constraint_row(contact, centre_a, centre_b).values;
  record.arm_a = contact.point_a - centre_a;
  record.arm_b = contact.point_b - centre_b;
  return record;
}

ConstraintRecord wall_constraint(GlobalId body, int wall, const geometry::SignedSeparation& contact, const Vec3& centre,
                                 int creation_index) {
  ConstraintRecord record = with_contact(contact);
  record.body_a = body;
  record.wall = wall;
  record.creation_index = creation_index;
  record.row.head<6>() = geometry::wall_constraint_row(contact, centre).values;
  record.arm_a = contact.point_a - centre;
  return record;
}

}  // namespace relcp::collision
