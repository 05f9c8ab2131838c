#pragma once
// Colours for the ranks of a distributed contact network such that no two neighbours (ranks that
// share a body) have the same colour: the phases in which the rank-block nsgs sweeps relax the
// contacts that ranks share (rank_block_nsgs.hpp).

#include <mpi.h>

#include <vector>

namespace relcp::collision {

// Greedy colouring in rank order: rank r takes the smallest colour that none of its neighbours
// before it took. neighbours[r] lists rank r's neighbours; the relation must be symmetric. At most
// one colour more than the largest number of neighbours.
std::vector<int> greedy_rank_colours(const std::vector<std::vector<int>>& neighbours);

// Collective: every rank's neighbours gathered everywhere, then greedy_rank_colours (the same on
// every rank).
std::vector<int> rank_colours(MPI_Comm comm, const std::vector<int>& neighbours);

}  // namespace relcp::collision
