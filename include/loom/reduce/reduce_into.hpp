#pragma once
// Running a reduction on the one engine: the plan walks the operand's index
// space with the result as operand 0, broadcast along the reduced
// dimensions (stride 0), and the accumulating kernel folds every element of
// the operand into its result element. An element-wise operand is read as
// it is computed: `sum(a * b)` allocates nothing the size of `a`.

#include <algorithm>
#include <cstddef>
#include <optional>
#include <utility>

#include "loom/core/layout.hpp"
#include "loom/eval/assign.hpp"
#include "loom/eval/build_plan.hpp"
#include "loom/eval/transpose_copy.hpp"
#include "loom/eval/whole_value_path.hpp"
#include "loom/expr/scalar_node.hpp"
#include "loom/reduce/axes.hpp"
#include "loom/reduce/reduce_on_threads.hpp"

namespace loom {

namespace detail {

// The result's strides in the operand's index space: its own along the kept
// dimensions, 0 along the reduced ones (where a keepdims result has a 1).
inline strides_type result_strides(const strided_layout& result, const reduced_axes& axes, bool keepdims) {
    strides_type strides(axes.rank(), 0);
    std::size_t j = 0;  // the result's dimension
    for (std::size_t d = 0; d < axes.rank(); ++d) {
        if (!axes.reduces(d)) strides[d] = result.stride(j++);
        else if (keepdims) ++j;
    }
    return strides;
}

// Drops and merges the dimensions of a mapped reduction plan, never
// merging two reduced ones (Note [pairwise sums] in reduce_kernel.hpp).
inline void finish_reduction_plan(loop_plan& plan) {
    plan.drop_unit_dimensions();
    plan.merge_dimensions(true);
}

// The `partition` split of `work` (schedule_reduction): the pieces fold
// into sets of accumulators of their own on this thread's stack, contiguous
// in the result's shape; the first set, once they are combined, is stored
// into the result.
template <reducer R, expression E>
void reduce_in_partition(typename R::accumulator* result, const strided_layout& layout, const E& value,
                         const reduced_axes& axes, bool keepdims, const reduction_schedule& work) {
    using A = typename R::accumulator;
    alignas(64) std::byte memory[max_pieces * partition_set_bytes];
    A* const sets = reinterpret_cast<A*>(memory);
    std::fill_n(sets, work.units * partition_set_bytes / static_cast<index_t>(sizeof(A)), R::identity());
    const strided_layout contiguous(layout.shape());
    loop_plan plan = map_reduction(sets, contiguous, result_strides(contiguous, axes, keepdims), value);
    finish_reduction_plan(plan);
    run_partition<R>(plan, value, contiguous.size(), work.units, work.threads);
    copy_into_layout(reinterpret_cast<const std::byte*>(sets), reinterpret_cast<std::byte*>(result), layout,
                     static_cast<index_t>(sizeof(A)));
}

// Finishes `plan`, mapped by map_reduction into the memory of a result of
// `result_bytes`, and gives how it is cut for threads (schedule_reduction);
// nothing when that memory meets an operand (a result element is written
// many times, so the caller must then reduce into new memory). reduce_into
// runs by it; reduce_into_path reports it. (The plan stays the caller's: a
// small reduction's cost is mostly the plan, and moving one is a copy of
// its arrays.)
inline std::optional<reduction_schedule> schedule_reduction_plan(loop_plan& plan, index_t result_bytes) {
    if (plan.destination_meets_operands()) return std::nullopt;
    finish_reduction_plan(plan);
    return schedule_reduction(plan, result_bytes);
}

}  // namespace detail

/// Reduces `value` over `axes` with R into the memory at `result`, laid out
/// as `layout` (the reduced shape, with or without keepdims), and returns
/// true; returns false, having written nothing, when that memory meets an
/// operand of `value` (a result element is written many times, so the
/// caller must then reduce into new memory). A large reduction runs on
/// threads (Note [fixed partition of reductions] in reduce_on_threads.hpp).
template <reducer R, expression E>
bool reduce_into(typename R::accumulator* result, const strided_layout& layout, const E& value,
                 const reduced_axes& axes, bool keepdims) {
    using A = typename R::accumulator;
    loop_plan plan = map_reduction(result, layout, detail::result_strides(layout, axes, keepdims), value);
    const auto schedule = detail::schedule_reduction_plan(plan, layout.size() * static_cast<index_t>(sizeof(A)));
    if (!schedule) return false;
    if (schedule->split == reduction_split::partition) {
        detail::reduce_in_partition<R>(result, layout, value, axes, keepdims, *schedule);
    } else {
        evaluate_into(result, layout, scalar_node<A>(R::identity()), true);
        detail::reduce_on_threads<R>(plan, value, *schedule);
    }
    return true;
}

/// What reduce_into(result, layout, value, axes, keepdims) would do, for
/// path_of: the operand's reduced axes, the finished plan's shape and its
/// reduced dimensions, and the schedule it runs by; nothing where
/// reduce_into would decline the memory at `result`. Computes nothing.
template <element A, expression E>
std::optional<whole_value_path> reduce_into_path(const A* result, const strided_layout& layout, const E& value,
                                                 const reduced_axes& axes, bool keepdims) {
    loop_plan plan = map_reduction(result, layout, detail::result_strides(layout, axes, keepdims), value);
    const auto schedule = detail::schedule_reduction_plan(plan, layout.size() * static_cast<index_t>(sizeof(A)));
    if (!schedule) return std::nullopt;
    reduction_path path{
        .operand = value.shape(), .axes = axes.list(), .loop = plan.shape(), .loop_reduced = {}, .schedule = *schedule};
    for (std::size_t d = 0; d < plan.rank(); ++d) {
        if (plan.stride(0, d) == 0) path.loop_reduced.push_back(static_cast<index_t>(d));
    }
    return whole_value_path{.reduction = std::move(path)};
}

}  // namespace loom
