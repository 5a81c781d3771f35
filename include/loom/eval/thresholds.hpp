#pragma once
// Where an evaluation changes its way: the sizes at which choose_path
// (choose_path.hpp) takes the direct path or the plan, one thread or
// several, and at which streaming stores and the pieces of a reduction on
// threads start. Every number that decides a path is here, with the reason
// for its value; the mechanisms are described where they are implemented.
// Cost to include: core/shape.hpp, which every engine header has already.

#include <cstddef>

#include "loom/core/shape.hpp"

namespace loom {

/// Runs shorter than this leave the direct path to the plan (Note [direct
/// path] in direct.hpp), unless the whole array has at most
/// direct_small_size elements. A leaf of one element beside a large array
/// makes runs of one element: the direct path would make a call per
/// element where the plan repeats the element along long runs (Note
/// [unbuffered runs] in expression_kernel.hpp).
inline constexpr index_t min_direct_run = 16;

/// An array of at most this many elements takes the direct path whatever
/// its runs: building a plan costs more than a small array's short runs.
inline constexpr index_t direct_small_size = 1024;

/// Element-wise work below this many elements runs on the calling thread:
/// starting a parallel region (a few microseconds) costs more than it saves.
inline constexpr index_t parallel_min_elements = index_t{1} << 16;

/// Matrix products of fewer multiply-adds than this (a product of 128 x
/// 128 matrices has 2^21) run on the calling thread: below it a thread's
/// share of the product is shorter than starting the region.
inline constexpr double parallel_min_multiply_adds = double(index_t{1} << 22);

/// Streaming stores start above this fraction of the last-level cache
/// (Note [streaming stores] in streaming_stores.hpp, which gives the
/// measurements): below it the arrays an evaluation touches stay in the
/// cache for the next reader.
inline constexpr std::size_t streaming_cache_eighths = 3;

// The pieces of a reduction on threads (Note [fixed partition of
// reductions] in reduce/reduce_on_threads.hpp): they depend on the shapes
// alone, never on the thread count, so that every count gives the same bits.
namespace detail {
// The most pieces a run or a partition is cut into: more pieces than
// threads any machine here has, few enough that combining them is cheap.
inline constexpr index_t max_pieces = 32;
// A result of at most this many bytes is folded in a partition, each
// piece into a set of accumulators this large, all of them on the calling
// thread's stack (16 KiB), so that no reduction allocates.
inline constexpr index_t partition_set_bytes = 512;
// A partition has one piece per this many elements of the plan.
inline constexpr index_t partition_piece_elements = index_t{1} << 15;
// Columns are handed to threads in units of this many: a cache line of
// float64 results or more, so that no two threads write one line.
inline constexpr index_t column_unit = 64;
}  // namespace detail

}  // namespace loom
