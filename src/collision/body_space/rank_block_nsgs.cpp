#include "collision/body_space/rank_block_nsgs.hpp"

#include <mpi.h>

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <array>
#include <stdexcept>
#include <vector>

#include "collision/body_space/rank_colouring.hpp"
#include "collision/device/local_contact_rows.hpp"

namespace relcp::collision {
namespace {

// The column bodies' mobility blocks diagonalised, M_b = Q_b diag(mu_b) Q_b^T (the body space of
// body_space_lcp.hpp, all six directions kept), so that every product with M is diagonal. The
// owners diagonalise their blocks and send Q_b and mu_b to the ghosts, one column per halo
// exchange (the velocity Import of the contact operator), so every rank uses the same basis.
class ColumnDirections {
 public:
  ColumnDirections(const ContactOperator& op, const LocalContactRows& local, HostHalo& halo)
      : basis_(36 * local.column_bodies, 0.0), mobility_(6 * local.column_bodies, 0.0) {
    using Block = BlockDiagonalMobility::Block;
    for (std::size_t b = 0; b < local.owned_bodies; ++b) {
      const Eigen::SelfAdjointEigenSolver<Block> eigen(op.mobility().block(b));
      const double largest = eigen.eigenvalues().cwiseAbs().maxCoeff();
      for (Eigen::Index i = 0; i < 6; ++i) {
        const double mu = eigen.eigenvalues()[i];
        // A monolayer's out-of-plane directions (docs/particles.md) and rounding below zero.
        mobility_[6 * b + static_cast<std::size_t>(i)] = mu > 1e-12 * largest ? mu : 0.0;
        for (Eigen::Index k = 0; k < 6; ++k) {
          basis_[36 * b + 6 * static_cast<std::size_t>(k) + static_cast<std::size_t>(i)] = eigen.eigenvectors()(k, i);
        }
      }
    }
    if (!halo.needed()) return;
    const std::size_t owned_dofs = halo.owned_dofs(), column_dofs = halo.column_dofs();
    double* exchanged = halo.column_velocities();
    // Column j < 6 of the exchange carries Q_b(j, i) in DOF 6 b + i; column 6 carries mu_b.
    for (std::size_t j = 0; j <= 6; ++j) {
      for (std::size_t dof = 0; dof < owned_dofs; ++dof) {
        exchanged[dof] = j < 6 ? basis_[36 * (dof / 6) + 6 * j + dof % 6] : mobility_[dof];
      }
      halo.fill_ghost_velocities();
      for (std::size_t dof = owned_dofs; dof < column_dofs; ++dof) {
        (j < 6 ? basis_[36 * (dof / 6) + 6 * j + dof % 6] : mobility_[dof]) = exchanged[dof];
      }
    }
  }

  double mobility(std::size_t direction) const { return mobility_[direction]; }
  // Q_b(k, i): entry k of direction i of column body b.
  double basis(std::size_t body, std::size_t k, std::size_t i) const { return basis_[36 * body + 6 * k + i]; }

 private:
  std::vector<double> basis_;     // 36 per column body, row-major Q_b
  std::vector<double> mobility_;  // 6 per column body
};

// This rank's rows of R = J Q over all generations, in the constraint layout's local order: six
// entries per body a row touches, column 6 c + i for direction i of column body c.
struct RankRows {
  std::vector<std::size_t> begin{0};
  std::vector<int> column;
  std::vector<double> value;
};

RankRows rows_in_directions(const LocalContactRows& local, const ColumnDirections& directions) {
  RankRows rows;
  std::vector<int> bodies;
  std::vector<std::array<double, 6>> parts;
  for (const GenerationRows& generation : local.generations) {
    if (generation.first_row != rows.begin.size() - 1) {
      throw std::logic_error("rank_block_nsgs: generations out of the layout's order");
    }
    for (std::size_t r = 0; r < generation.rows; ++r) {
      bodies.clear();
      parts.clear();
      for (std::size_t e = generation.row_offsets[r]; e < generation.row_offsets[r + 1]; ++e) {
        const int body = generation.columns[e] / 6;
        const auto k = static_cast<std::size_t>(generation.columns[e] % 6);
        auto at = std::find(bodies.begin(), bodies.end(), body);
        if (at == bodies.end()) {
          bodies.push_back(body);
          parts.push_back({});
          at = bodies.end() - 1;
        }
        std::array<double, 6>& part = parts[static_cast<std::size_t>(at - bodies.begin())];
        for (std::size_t i = 0; i < 6; ++i) {
          part[i] += generation.values[e] * directions.basis(static_cast<std::size_t>(body), k, i);
        }
      }
      for (std::size_t p = 0; p < bodies.size(); ++p) {
        for (std::size_t i = 0; i < 6; ++i) {
          rows.column.push_back(6 * bodies[p] + static_cast<int>(i));
          rows.value.push_back(parts[p][i]);
        }
      }
      rows.begin.push_back(rows.column.size());
    }
  }
  return rows;
}

// The sweeps of one solve on this rank.
class RankSweeps {
 public:
  RankSweeps(const ContactOperator& op, const DistributedVector& c, const lcp::FrictionCones& cones, ConeModel model,
             DistributedVector& gamma)
      : comm_(op.matrix().comm()),
        local_(local_contact_rows(op)),
        halo_(op),
        directions_(op, local_, halo_),
        rows_(rows_in_directions(local_, directions_)),
        scale_(local_.scale),
        cones_(cones),
        model_(model),
        c_(Eigen::Map<const Eigen::VectorXd>(c.local_data(), static_cast<Eigen::Index>(c.local_size()))),
        gamma_(gamma.local_data(), static_cast<Eigen::Index>(gamma.local_size())),
        velocities_(6 * local_.column_bodies, 0.0),
        gradient_(local_.rows) {
    units_ = contact_units(cones_, static_cast<Eigen::Index>(local_.rows),
                           [&](Eigen::Index first, Eigen::Index count) { return block(first, count); });
    split_units();
    plan_phases();
    start_velocities();
  }

  // The model's natural map over every rank's rows.
  double residual() const {
    for (std::size_t r = 0; r < local_.rows; ++r) gradient_[r] = gap(static_cast<Eigen::Index>(r));
    double value = cone_model_residual(cones_, model_, gamma_.data(), gradient_.data(), local_.rows);
    MPI_Allreduce(MPI_IN_PLACE, &value, 1, MPI_DOUBLE, MPI_MAX, comm_);
    return value;
  }

  // One Gauss-Seidel sweep over every rank's contacts; the squared change summed over the ranks.
  // Forward: one phase per colour, in which the ranks of that colour relax their shared contacts
  // (no two of them share a body) while the others relax interior contacts (no other rank
  // touches their bodies), as many as their neighbours of that colour have shared ones, the
  // velocities exchanged after each phase; then the interior contacts left. Backward: the same in
  // reverse.
  double sweep(bool backward) {
    double moved = 0.0;
    if (backward) moved += relax(interior_, interior_rest_, interior_.size(), true);
    for (int step = 0; step < colours_; ++step) {
      const int colour = backward ? colours_ - 1 - step : step;
      const Chunk& chunk = phase_chunks_[static_cast<std::size_t>(colour)];
      if (colour == colour_) {
        moved += relax(shared_, 0, shared_.size(), backward);
      } else {
        moved += relax(interior_, chunk.begin, chunk.end, backward);
      }
      exchange_changes();
    }
    if (!backward) moved += relax(interior_, interior_rest_, interior_.size(), false);
    MPI_Allreduce(MPI_IN_PLACE, &moved, 1, MPI_DOUBLE, MPI_SUM, comm_);
    return moved;
  }

 private:
  std::size_t owned_dofs() const { return 6 * local_.owned_bodies; }

  // Relaxes units[begin, end) in order (or in reverse), updating v after each; the squared change.
  double relax(const std::vector<std::size_t>& units, std::size_t begin, std::size_t end, bool backward) {
    double moved = 0.0;
    for (std::size_t index = begin; index < end; ++index) {
      const ContactUnit& unit = units_[units[backward ? end - 1 - (index - begin) : index]];
      moved += relax_unit(
          unit, cones_, model_, gamma_.data(), [&](Eigen::Index row) { return gap(row); },
          [&](Eigen::Index r, double change) {
            const auto row = static_cast<std::size_t>(r);
            for (std::size_t e = rows_.begin[row]; e < rows_.begin[row + 1]; ++e) {
              add_velocity(rows_.column[e], rows_.value[e] * change, velocities_.data());
            }
          });
    }
    return moved;
  }

  // A unit is shared when one of its bodies is touched by the rows of more than one rank (the
  // count summed into the owners and copied back to the ghosts), interior otherwise.
  void split_units() {
    std::vector<double> ranks(local_.column_bodies, 1.0);
    if (halo_.needed()) {
      std::vector<double> touched(local_.column_bodies, 0.0);
      for (const int column : rows_.column) touched[static_cast<std::size_t>(column) / 6] = 1.0;
      double* sums = halo_.column_forces();
      for (std::size_t b = 0; b < touched.size(); ++b) std::fill(sums + 6 * b, sums + 6 * b + 6, touched[b]);
      halo_.add_ghost_forces();
      double* counts = halo_.column_velocities();
      std::copy(sums, sums + owned_dofs(), counts);
      halo_.fill_ghost_velocities();
      for (std::size_t b = 0; b < ranks.size(); ++b) ranks[b] = counts[6 * b];
    }
    for (std::size_t u = 0; u < units_.size(); ++u) {
      const auto first = static_cast<std::size_t>(units_[u].first_row);
      const auto end = first + static_cast<std::size_t>(units_[u].rows);
      bool shared = false;
      for (std::size_t e = rows_.begin[first]; e < rows_.begin[end]; ++e) {
        shared = shared || ranks[static_cast<std::size_t>(rows_.column[e]) / 6] > 1.0;
      }
      (shared ? shared_ : interior_).push_back(u);
    }
  }

  // The ranks' colours (rank_colouring.hpp), and the interior contacts of each phase.
  void plan_phases() {
    int size = 1, rank = 0;
    MPI_Comm_size(comm_, &size);
    MPI_Comm_rank(comm_, &rank);
    const std::vector<int> neighbours = halo_.neighbor_ranks();
    const std::vector<int> colours = rank_colours(comm_, neighbours);
    colours_ = *std::max_element(colours.begin(), colours.end()) + 1;
    colour_ = colours[static_cast<std::size_t>(rank)];

    // The interior contacts each phase of another colour takes: as many as the most shared ones
    // of a neighbour of that colour (a unit of either kind costs about the same).
    const int shared = static_cast<int>(shared_.size());
    std::vector<int> shared_counts(static_cast<std::size_t>(size));
    MPI_Allgather(&shared, 1, MPI_INT, shared_counts.data(), 1, MPI_INT, comm_);
    std::vector<std::size_t> fill(static_cast<std::size_t>(colours_), 0);
    for (const int neighbour : neighbours) {
      const auto colour = static_cast<std::size_t>(colours[static_cast<std::size_t>(neighbour)]);
      fill[colour] =
          std::max(fill[colour], static_cast<std::size_t>(shared_counts[static_cast<std::size_t>(neighbour)]));
    }
    phase_chunks_.assign(static_cast<std::size_t>(colours_), Chunk{});
    std::size_t next = 0;
    for (int colour = 0; colour < colours_; ++colour) {
      if (colour == colour_) continue;
      const std::size_t end = std::min(interior_.size(), next + fill[static_cast<std::size_t>(colour)]);
      phase_chunks_[static_cast<std::size_t>(colour)] = {next, end};
      next = end;
    }
    interior_rest_ = next;
  }

  // into[d] += mu_d weight: the velocity that `weight` along row entry d adds to direction d.
  void add_velocity(int direction, double weight, double* into) const {
    const auto d = static_cast<std::size_t>(direction);
    into[d] += directions_.mobility(d) * weight;
  }

  // (A gamma + c)_r = s R_r v + c_r.
  double gap(Eigen::Index r) const {
    const auto row = static_cast<std::size_t>(r);
    double sum = 0.0;
    for (std::size_t e = rows_.begin[row]; e < rows_.begin[row + 1]; ++e) {
      sum += rows_.value[e] * velocities_[static_cast<std::size_t>(rows_.column[e])];
    }
    return scale_ * sum + c_[r];
  }

  // W(p, q) = s R_p diag(mu) R_q^T over the rows [first, first + count).
  ContactBlock block(Eigen::Index first, Eigen::Index count) {
    ContactBlock W(count, count);
    scratch_.resize(velocities_.size(), 0.0);
    for (Eigen::Index q = 0; q < count; ++q) {
      const auto b = static_cast<std::size_t>(first + q);
      // scratch = diag(mu) R_q^T on the bodies of row q, then W(p, q) = s R_p scratch.
      for (std::size_t f = rows_.begin[b]; f < rows_.begin[b + 1]; ++f) {
        add_velocity(rows_.column[f], rows_.value[f], scratch_.data());
      }
      for (Eigen::Index p = q; p < count; ++p) {
        const auto a = static_cast<std::size_t>(first + p);
        double sum = 0.0;
        for (std::size_t e = rows_.begin[a]; e < rows_.begin[a + 1]; ++e) {
          sum += rows_.value[e] * scratch_[static_cast<std::size_t>(rows_.column[e])];
        }
        W(p, q) = W(q, p) = scale_ * sum;
      }
      for (std::size_t f = rows_.begin[b]; f < rows_.begin[b + 1]; ++f) {
        const std::size_t body = static_cast<std::size_t>(rows_.column[f]) / 6;
        std::fill(scratch_.begin() + static_cast<std::ptrdiff_t>(6 * body),
                  scratch_.begin() + static_cast<std::ptrdiff_t>(6 * body + 6), 0.0);
      }
    }
    return W;
  }

  // v = diag(mu) R^T gamma on the column bodies.
  void start_velocities() {
    std::fill(velocities_.begin(), velocities_.end(), 0.0);
    for (std::size_t row = 0; row + 1 < rows_.begin.size(); ++row) {
      const double force = gamma_[static_cast<Eigen::Index>(row)];
      if (force == 0.0) continue;
      for (std::size_t e = rows_.begin[row]; e < rows_.begin[row + 1]; ++e) {
        add_velocity(rows_.column[e], rows_.value[e] * force, velocities_.data());
      }
    }
    // Each rank's contributions to its ghosts are changes from zero.
    ghosts_at_exchange_.assign(velocities_.size() - owned_dofs(), 0.0);
    exchange_changes();
  }

  // Adds the changes every rank made to its ghosts since the last exchange to their owners'
  // velocities, then copies the owners' velocities to the ghosts. Every change goes into exactly
  // one exchange, so the owners' velocities stay diag(mu) R^T gamma summed over all ranks' rows.
  void exchange_changes() {
    if (!halo_.needed()) return;
    const std::size_t owned = owned_dofs();
    double* sums = halo_.column_forces();
    std::copy(velocities_.begin(), velocities_.begin() + static_cast<std::ptrdiff_t>(owned), sums);
    for (std::size_t k = 0; k < ghosts_at_exchange_.size(); ++k) {
      sums[owned + k] = velocities_[owned + k] - ghosts_at_exchange_[k];
    }
    halo_.add_ghost_forces();
    double* exchanged = halo_.column_velocities();
    std::copy(sums, sums + owned, exchanged);
    halo_.fill_ghost_velocities();
    std::copy(exchanged, exchanged + halo_.column_dofs(), velocities_.begin());
    std::copy(velocities_.begin() + static_cast<std::ptrdiff_t>(owned), velocities_.end(), ghosts_at_exchange_.begin());
  }

  MPI_Comm comm_;
  LocalContactRows local_;
  HostHalo halo_;
  ColumnDirections directions_;
  RankRows rows_;
  double scale_;
  const lcp::FrictionCones& cones_;
  ConeModel model_;
  Eigen::Map<const Eigen::VectorXd> c_;
  Eigen::Map<Eigen::VectorXd> gamma_;
  std::vector<double> velocities_;        // v = diag(mu) R^T gamma, 6 directions per column body
  std::vector<double> scratch_;           // block(): zero between calls
  mutable std::vector<double> gradient_;  // residual()'s A gamma + c
  std::vector<ContactUnit> units_;
  std::vector<std::size_t> interior_, shared_;  // indices into units_: split_units()
  int colours_ = 1;                             // plan_phases()
  int colour_ = 0;
  struct Chunk {
    std::size_t begin = 0, end = 0;
  };
  std::vector<Chunk> phase_chunks_;         // per colour: the interior units relaxed in its phase
  std::size_t interior_rest_ = 0;           // interior_[interior_rest_, end) after the phases
  std::vector<double> ghosts_at_exchange_;  // the ghosts' v after the last exchange
};

}  // namespace

BodySpaceNsgsResult rank_block_nsgs(const ContactOperator& op, const DistributedVector& c,
                                    const lcp::FrictionCones& cones, ConeModel model, double tolerance, int max_sweeps,
                                    DistributedVector& gamma, bool stop_when_out_of_reach) {
  RankSweeps sweeps(op, c, cones, model, gamma);
  return run_nsgs_sweeps([&] { return sweeps.residual(); }, [&](bool backward) { return sweeps.sweep(backward); },
                         tolerance, max_sweeps, stop_when_out_of_reach);
}

}  // namespace relcp::collision
