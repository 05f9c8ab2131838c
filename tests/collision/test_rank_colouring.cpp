// greedy_rank_colours (collision/body_space/rank_colouring): neighbours never share a colour, and
// the greedy order gives the colour counts the graphs' structure allows.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "collision/body_space/rank_colouring.hpp"

namespace relcp::collision {
namespace {

using Graph = std::vector<std::vector<int>>;

Graph symmetric(int ranks, const std::vector<std::pair<int, int>>& edges) {
  Graph graph(static_cast<std::size_t>(ranks));
  for (const auto& [a, b] : edges) {
    graph[static_cast<std::size_t>(a)].push_back(b);
    graph[static_cast<std::size_t>(b)].push_back(a);
  }
  return graph;
}

void expect_proper(const Graph& graph, const std::vector<int>& colours) {
  ASSERT_EQ(colours.size(), graph.size());
  for (std::size_t r = 0; r < graph.size(); ++r) {
    EXPECT_GE(colours[r], 0);
    EXPECT_LE(colours[r], static_cast<int>(graph[r].size())) << "rank " << r;
    for (const int n : graph[r]) EXPECT_NE(colours[r], colours[static_cast<std::size_t>(n)]) << r << " and " << n;
  }
}

TEST(RankColouring, APathTakesTwoColoursAndACompleteGraphOneEach) {
  const Graph path = symmetric(4, {{0, 1}, {1, 2}, {2, 3}});
  EXPECT_EQ(greedy_rank_colours(path), (std::vector<int>{0, 1, 0, 1}));
  const Graph complete = symmetric(4, {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}});
  EXPECT_EQ(greedy_rank_colours(complete), (std::vector<int>{0, 1, 2, 3}));
  const Graph odd_ring = symmetric(5, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}});
  const std::vector<int> ring = greedy_rank_colours(odd_ring);
  expect_proper(odd_ring, ring);
  EXPECT_EQ(*std::max_element(ring.begin(), ring.end()), 2);
  EXPECT_EQ(greedy_rank_colours(Graph(3)), (std::vector<int>{0, 0, 0}));
}

TEST(RankColouring, NeighboursNeverShareAColourOnRandomGraphs) {
  std::mt19937 rng(5);
  for (int trial = 0; trial < 50; ++trial) {
    const int ranks = 2 + trial % 30;
    std::set<std::pair<int, int>> edges;
    std::uniform_int_distribution<int> pick(0, ranks - 1);
    for (int e = 0; e < 2 * ranks; ++e) {
      const int a = pick(rng), b = pick(rng);
      if (a != b) edges.insert({std::min(a, b), std::max(a, b)});
    }
    const Graph graph = symmetric(ranks, {edges.begin(), edges.end()});
    expect_proper(graph, greedy_rank_colours(graph));
  }
}

}  // namespace
}  // namespace relcp::collision
