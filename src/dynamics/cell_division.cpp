#include "dynamics/cell_division.hpp"

#include <sstream>
#include <stdexcept>
#include <variant>

#include "core/error.hpp"

namespace relcp::dynamics {
namespace {

particles::Body daughter(const particles::Body& parent, const geometry::Spherocylinder& shape, const Vec3& centre,
                         const DivisionTurn& turn) {
  particles::Body body = parent;
  body.shape = shape;
  body.pose.position = centre;
  body.pose.orientation = (Quaternion(Eigen::AngleAxisd(turn.angle, turn.axis)) * parent.pose.orientation).normalized();
  return body;
}

}  // namespace

std::pair<particles::Body, particles::Body> split_cell(const particles::Body& parent, const DivisionTurn& first_turn,
                                                       const DivisionTurn& second_turn) {
  const auto* rod = std::get_if<geometry::Spherocylinder>(&parent.shape);
  if (rod == nullptr) throw std::invalid_argument("split_cell: only spherocylinders divide");
  const double tip_to_tip = rod->length + 2.0 * rod->radius;
  const geometry::Spherocylinder half{rod->radius, 0.5 * tip_to_tip - 2.0 * rod->radius};
  if (half.length < 0.0) {
    std::ostringstream message;
    message << "a cell of tip-to-tip length " << tip_to_tip << " and radius " << rod->radius
            << " cannot divide: its daughters would be shorter than their diameter";
    throw InputError("divide_at", message.str());
  }
  const Vec3 axis = parent.pose.orientation * Vec3::UnitZ();
  const Vec3 offset = 0.25 * tip_to_tip * axis;
  return {daughter(parent, half, parent.pose.position - offset, first_turn),
          daughter(parent, half, parent.pose.position + offset, second_turn)};
}

}  // namespace relcp::dynamics
