#include "collision/body_space/rank_colouring.hpp"

#include <cstddef>

namespace relcp::collision {

std::vector<int> greedy_rank_colours(const std::vector<std::vector<int>>& neighbours) {
  std::vector<int> colours(neighbours.size(), -1);
  for (std::size_t rank = 0; rank < neighbours.size(); ++rank) {
    std::vector<bool> taken(neighbours[rank].size() + 1, false);
    for (const int neighbour : neighbours[rank]) {
      const int colour = colours[static_cast<std::size_t>(neighbour)];
      if (colour >= 0 && static_cast<std::size_t>(colour) < taken.size())
        taken[static_cast<std::size_t>(colour)] = true;
    }
    int colour = 0;
    while (taken[static_cast<std::size_t>(colour)]) ++colour;
    colours[rank] = colour;
  }
  return colours;
}

std::vector<int> rank_colours(MPI_Comm comm, const std::vector<int>& neighbours) {
  int size = 1;
  MPI_Comm_size(comm, &size);
  const int count = static_cast<int>(neighbours.size());
  std::vector<int> counts(static_cast<std::size_t>(size)), offsets(static_cast<std::size_t>(size) + 1, 0);
  MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, comm);
  for (std::size_t r = 0; r < counts.size(); ++r) offsets[r + 1] = offsets[r] + counts[r];
  std::vector<int> all(static_cast<std::size_t>(offsets.back()));
  MPI_Allgatherv(neighbours.data(), count, MPI_INT, all.data(), counts.data(), offsets.data(), MPI_INT, comm);
  std::vector<std::vector<int>> lists(static_cast<std::size_t>(size));
  for (std::size_t r = 0; r < lists.size(); ++r) {
    lists[r].assign(all.begin() + offsets[r], all.begin() + offsets[r + 1]);
  }
  return greedy_rank_colours(lists);
}

}  // namespace relcp::collision
