#pragma once
// The local loops of the contact operator A = s J M J^T (contact_operator.hpp) on plain arrays,
// threaded with OpenMP. Each output entry is written by one thread in a fixed summation order,
// so results do not depend on the number of threads.

#include <cstddef>

namespace relcp::collision {

// One generation's local rows of J in CSR form over column DOFs (6 per column body, the six
// entries of one body consecutive in a row) and the same entries grouped by body.
struct ConstraintBlockView {
  std::size_t rows = 0;
  std::size_t first_row = 0;                 // offset in the full local constraint vector
  const std::size_t* row_offsets = nullptr;  // rows + 1
  const int* columns = nullptr;              // local column DOF of each entry
  const double* values = nullptr;
  std::size_t column_bodies = 0;         // the incidence covers bodies [0, column_bodies)
  const int* incidence_begin = nullptr;  // column_bodies + 1
  const int* incidence_row = nullptr;    // row (within the generation) of each incidence
  const int* incidence_entry = nullptr;  // the first of the body's six entries in that row
};

// forces[6 c + k] = sum over the blocks and their rows r incident to column body c of
// gamma[first_row + r] * (entry k of the body's six entries): F = J^T gamma on the column bodies
// [0, body_count), overwriting `forces`. With `weights`, J^T W gamma with W = diag(weights).
void gather_body_forces(const ConstraintBlockView* blocks, std::size_t block_count, const double* gamma, double* forces,
                        std::size_t body_count, const double* weights = nullptr);

// rates[first_row + r] = scale * (J U)_r + beta * rates[first_row + r] for every block row, with
// U the column-DOF velocities; beta = 0 overwrites (whatever `rates` held). With `weights`,
// scale * (W J U)_r.
void constraint_rates(const ConstraintBlockView* blocks, std::size_t block_count, const double* velocities,
                      double scale, double beta, double* rates, const double* weights = nullptr);

}  // namespace relcp::collision
