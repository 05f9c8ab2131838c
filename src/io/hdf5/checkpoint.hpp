#pragma once
// DIR/checkpoints/checkpoint_NNNNNNNN.h5: everything a run needs to continue exactly (docs/
// output.md): the step and time, every body's full state (particles::pack_body records), the
// next free id, the division random state, and the ranks' regions and bodies' owners, so that a
// restart on the same rank count starts from the same distribution.

#include <mpi.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/types.hpp"
#include "dynamics/cell_growth.hpp"
#include "particles/body.hpp"
#include "particles/region_map.hpp"

namespace relcp::io {

struct CheckpointState {
  std::int64_t step = 0;
  double time = 0.0;
  double dt = 0.0;
  std::uint64_t seed = 0;
  GlobalId next_free_id = 0;
  std::optional<dynamics::DivisionRandomState> division;  // with growth only
  int num_ranks = 1;                                      // of the run that wrote it
  std::vector<particles::RegionBox> regions;              // one per rank of that run
  // Writing: this rank's owned bodies. Reading: this rank's share (see read_checkpoint).
  std::vector<particles::Body> bodies;
  // This rank's contact stage state between steps (ContactStage::saved_state); read back only
  // on the rank count that wrote it, empty otherwise and in checkpoints written before it.
  std::vector<double> contact_state;
  // Reading on another rank count: every writer rank's contact state, on every rank (the contact
  // stage keeps what belongs to this rank's bodies, ContactStage::adopt_states).
  std::vector<std::vector<double>> writer_contact_states;
};

std::string checkpoint_file_name(std::int64_t step);  // "checkpoint_00000042.h5"

// Collective. Writes `path` + ".tmp", then renames it to `path`, so that a crash never leaves
// a truncated checkpoint under the final name. `state.regions` is taken from rank 0.
void write_checkpoint(MPI_Comm comm, const std::string& path, const CheckpointState& state);

// Collective. On the rank count that wrote the file every rank gets the bodies it owned then;
// on another rank count each gets a contiguous share. Throws InputError (key "--restart") for
// a file that is missing or not a relcp checkpoint.
CheckpointState read_checkpoint(MPI_Comm comm, const std::string& path);

}  // namespace relcp::io
