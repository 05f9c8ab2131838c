#pragma once
// A compact copy of one generation's rows for the contact operator's two passes (docs/collision.md,
// "The operator's compact rows"). Every contact row acts on at most two bodies, and its
// translational parts on them are opposite: -n and n for a normal row, -t and t for a tangent
// row, zero for a rolling or spinning row (geometry::pair_constraint_row,
// collision/assembly/friction_rows). So a row needs 9 numbers instead of 12 values and 12 column
// indices: the translational part t on its first body, its angular parts on both. Consecutive rows
// on the same bodies (a contact's normal, tangent and rotation rows; a multisphere pair's rows)
// form a group that names its bodies once. Where every row of a group is a rigid motion's rate
// at one contact point per body (its angular part on a body is that body's arm crossed with t,
// as for a contact's normal and tangent rows), the group keeps the two arms once and its rows only
// t: 3 numbers per row and 6 per group (the lever form). The CSR form stays for everything else
// (the diagonal, the body-space solvers, the device).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "collision/assembly/contact_kernels.hpp"

namespace relcp::collision {

inline constexpr int kMaxGroupRows = 7;

struct PairRowsView {
  std::size_t rows = 0;
  std::size_t first_row = 0;  // offset in the full local constraint vector
  std::size_t groups = 0;
  const int* group_begin = nullptr;   // groups + 1: the rows of group g are [group_begin[g], group_begin[g + 1])
  const int* group_bodies = nullptr;  // 2 per group: first and second column body (-1: none, a wall row)
  bool lever_form = false;
  const double* terms = nullptr;         // 9 per row: t (on the first body, -t on the second), then the
                                         // angular parts on the first and the second body. In the lever
                                         // form one record per group: the arms r_1, r_2 (a row's
                                         // angular part on body s is r_s x t), then t for each row
  std::size_t column_bodies = 0;         // the incidence covers bodies [0, column_bodies)
  const int* incidence_begin = nullptr;  // column_bodies + 1
  // One entry per group and body: (first row << 4) | (rows << 1) | side (0: the group's first
  // body, 1: its second), so the gather reads the rows without a lookup; groups hold at most
  // kMaxGroupRows rows (a longer run on one pair is split). The lever form has these in the low
  // 32 bits of `lever_incidence` and the offset of the group's record in the high ones.
  const std::uint32_t* incidence = nullptr;
  const std::uint64_t* lever_incidence = nullptr;
};

class PairRows {
 public:
  PairRowsView view() const;
  std::size_t stored_bytes() const;

  // The compact copy of a CSR block built as DistributedConstraintMatrix builds it (each body's
  // six entries consecutive, the bodies in increasing column order); nothing when some row touches
  // more than two bodies or its translational parts are not exactly opposite, when the groups
  // average fewer than two rows (frictionless contacts: those apply as fast from the CSR form),
  // or when the block has 2^27 rows or more. The lever form when every group's rows fit it to
  // rounding.
  static std::optional<PairRows> from_csr(const ConstraintBlockView& block);

  bool lever_form() const { return lever_; }

 private:
  std::size_t rows_ = 0;
  std::size_t first_row_ = 0;
  std::vector<int> group_begin_;
  std::vector<int> group_bodies_;
  std::vector<double> terms_;
  bool lever_ = false;
  std::vector<int> incidence_begin_;
  std::vector<std::uint32_t> incidence_;
  std::vector<std::uint64_t> lever_incidence_;

  bool adopt_lever_form();
  void index_incidence(std::size_t column_bodies);
};

// forces[6 c + k] = (J^T W gamma) on column body c, for the bodies [0, body_count), overwriting
// `forces`: gather_body_forces on the compact rows, W = diag(weights) (the identity when null).
void gather_pair_forces(const PairRowsView* blocks, std::size_t block_count, const double* gamma, double* forces,
                        std::size_t body_count, const double* weights = nullptr);

// rates[first_row + r] = scale * (W J U)_r + beta * rates[first_row + r]: constraint_rates on the
// compact rows; beta = 0 overwrites.
void pair_constraint_rates(const PairRowsView* blocks, std::size_t block_count, const double* velocities, double scale,
                           double beta, double* rates, const double* weights = nullptr);

}  // namespace relcp::collision
