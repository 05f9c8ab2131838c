#pragma once
// A std::vector for a parallel loop to fill. std::vector<T>(n) constructs its n elements on one
// thread before the loop overwrites them; at 10^5 ellipsoids (half a million candidate pairs:
// 27 MB of pairs, 43 MB of separations) that serial pass cost more than the threaded search
// itself does on 16 threads (docs/results.md, "Detection threaded through"). A sized construction
// or resize of a ParallelFilledVector leaves its elements unconstructed: the loop that fills it
// must construct every element with std::construct_at before anything reads it. Copies, moves,
// push_back and emplace_back construct as usual.

#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace relcp {

template <class T>
class UnconstructedAllocator : public std::allocator<T> {
 public:
  using value_type = T;
  template <class U>
  struct rebind {
    using other = UnconstructedAllocator<U>;
  };

  UnconstructedAllocator() noexcept = default;
  template <class U>
  UnconstructedAllocator(const UnconstructedAllocator<U>& /*other*/) noexcept {}

  // Value-initialization (the only construction without arguments) is left to the filling loop.
  template <class U>
  void construct(U* /*storage*/) noexcept {
    static_assert(std::is_trivially_destructible_v<U>, "an element that is never constructed must need no destructor");
  }
  template <class U, class First, class... Rest>
  void construct(U* storage, First&& first, Rest&&... rest) {
    ::new (static_cast<void*>(storage)) U(std::forward<First>(first), std::forward<Rest>(rest)...);
  }
};

template <class T, class U>
bool operator==(const UnconstructedAllocator<T>& /*a*/, const UnconstructedAllocator<U>& /*b*/) noexcept {
  return true;
}

template <class T>
using ParallelFilledVector = std::vector<T, UnconstructedAllocator<T>>;

}  // namespace relcp
