#pragma once
// The matrices of Stewart's sections 3.2-3.3 for one active set I at one state x:
//   F        : the mode right-hand sides f^q_p (p in I^q) as columns, in active-set order;
//   M        : m_{(j,i),(q,p)} = grad h^j_i(x) . f^q_p(t, x);
//   E        : blockdiag(e^1, ..., e^m), e^j the ones-vector of size card I^j;
//   N_alpha  : [[M + alpha e e^T, -E], [E^T, 0]].
// Rows of M that belong to a term with a single active mode are left zero and their gradients
// are not evaluated: such a term has z^j = 1 (E^T z = e), and its rows only fix its own
// multiplier mu_j, never z, in both the linear system (11) and the LCP (13).

#include "dcs/switching/active_set.hpp"
#include "dcs/switching/counted_system.hpp"
#include "dcs/types.hpp"

namespace relcp::dcs {

struct SwitchingMatrices {
  DenseMatrix mode_rhs;  // F: state_size x card I
  DenseMatrix coupling;  // M: card I x card I
};

SwitchingMatrices build_switching_matrices(CountedSystem& system, const ActiveSet& active, double t, const Vector& x);

// E (card I x m).
DenseMatrix term_incidence(const ActiveSet& active);

// N_alpha = [[M + alpha e e^T, -E], [E^T, 0]].
DenseMatrix augmented_matrix(const DenseMatrix& coupling, const ActiveSet& active, double alpha);

// The shift that makes every entry of M + alpha e e^T at least 1: alpha = 1 - min(M, 0).
double positive_shift(const DenseMatrix& coupling);

// Splits a vector over the active modes (active-set order) into one vector per term.
std::vector<Vector> split_by_term(const Vector& values, const ActiveSet& active);

}  // namespace relcp::dcs
