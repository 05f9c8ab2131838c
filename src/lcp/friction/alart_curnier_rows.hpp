#pragma once
// The rows of one contact's Alart-Curnier function (alart_curnier_driver.hpp) and of its
// generalized Jacobian blocks A = dPhi/dr and B = dPhi/du, for contacts of d rows: the normal
// row, and the disk rows (tangential, rolling) bounded by a coefficient times the normal pressure.
// Internal to lcp/friction.

#include <algorithm>

#include "lcp/friction/alart_curnier_driver.hpp"

namespace relcp::lcp::alart_curnier_detail {

// Phi_n = r_n - max(0, x), x = r_n - rho_n u_n, which it returns; with A and B non-null, zeroes
// them and fills their normal row.
template <int d>
double normal_row(double rho_normal, const Local<d>& r, const Local<d>& u, Local<d>& phi, Block<d>* A, Block<d>* B) {
  const double x = r[0] - rho_normal * u[0];
  phi[0] = r[0] - std::max(x, 0.0);
  if (A == nullptr) return x;
  A->setZero();
  B->setZero();
  if (x > 0.0) {
    (*B)(0, 0) = rho_normal;
  } else {
    (*A)(0, 0) = 1.0;
  }
  return x;
}

// Rows `first`, `first + 1` of Phi: r_d - P_D(r_d - rho u_d), D the disk of radius
// coefficient max(0, x) with x from normal_row; with A, B their rows of the Jacobian blocks.
template <int d>
void disk_rows(Index first, double coefficient, double rho, double rho_normal, double x, const Local<d>& r,
               const Local<d>& u, Local<d>& phi, Block<d>* A, Block<d>* B) {
  const Eigen::Vector2d y(r[first] - rho * u[first], r[first + 1] - rho * u[first + 1]);
  const double radius = coefficient * std::max(x, 0.0);
  if (radius == 0.0) {
    // The disk is a point and Phi_d = r_d whatever y: also at y = 0 (a separated contact at
    // rest, where the sticking branch's B = rho I is no element of the generalized Jacobian).
    phi[first] = r[first];
    phi[first + 1] = r[first + 1];
    if (A != nullptr) A->template block<2, 2>(first, first).setIdentity();
    return;
  }
  const double length = y.norm();
  const bool sliding = length > radius;
  const Eigen::Vector2d direction = sliding && length > 0.0 ? Eigen::Vector2d(y / length) : Eigen::Vector2d::Zero();
  const Eigen::Vector2d projected = sliding ? Eigen::Vector2d(radius * direction) : y;
  phi[first] = r[first] - projected[0];
  phi[first + 1] = r[first + 1] - projected[1];
  if (A == nullptr) return;
  if (!sliding) {  // Phi_d = rho u_d
    (*B)(first, first) = (*B)(first + 1, first + 1) = rho;
    return;
  }
  // Phi_d = r_d - radius y / |y|; d(y / |y|) / dy = (I - d d^T) / |y|.
  const Eigen::Matrix2d G = (Eigen::Matrix2d::Identity() - direction * direction.transpose()) / length;
  A->template block<2, 2>(first, first) = Eigen::Matrix2d::Identity() - radius * G;
  B->template block<2, 2>(first, first) = radius * rho * G;
  if (x > 0.0) {  // the radius moves with r_n and u_n
    A->template block<2, 1>(first, 0) = -coefficient * direction;
    B->template block<2, 1>(first, 0) = coefficient * rho_normal * direction;
  }
}

}  // namespace relcp::lcp::alart_curnier_detail
