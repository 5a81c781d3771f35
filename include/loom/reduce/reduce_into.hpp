#pragma once
// Running a reduction on the one engine: the plan walks the operand's index
// space with the result as operand 0, broadcast along the reduced
// dimensions (stride 0), and the accumulating kernel folds every element of
// the operand into its result element. An element-wise operand is read as
// it is computed: `sum(a * b)` allocates nothing the size of `a`.

#include <algorithm>
#include <cstddef>

#include "loom/core/layout.hpp"
#include "loom/eval/assign.hpp"
#include "loom/eval/build_plan.hpp"
#include "loom/eval/transpose_copy.hpp"
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

// The `partition` split: the pieces fold into sets of accumulators of
// their own on this thread's stack, contiguous in the result's shape; the
// first set, once they are combined, is stored into the result.
template <reducer R, expression E>
void reduce_in_partition(typename R::accumulator* result, const strided_layout& layout, const E& value,
                         const reduced_axes& axes, bool keepdims, index_t pieces) {
    using A = typename R::accumulator;
    alignas(64) std::byte memory[max_pieces * partition_set_bytes];
    A* const sets = reinterpret_cast<A*>(memory);
    std::fill_n(sets, pieces * partition_set_bytes / static_cast<index_t>(sizeof(A)), R::identity());
    const strided_layout contiguous(layout.shape());
    loop_plan plan = map_reduction(sets, contiguous, result_strides(contiguous, axes, keepdims), value);
    finish_reduction_plan(plan);
    run_partition<R>(plan, value, contiguous.size(), pieces);
    copy_into_layout(reinterpret_cast<const std::byte*>(sets), reinterpret_cast<std::byte*>(result), layout,
                     static_cast<index_t>(sizeof(A)));
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
    if (plan.destination_meets_operands()) return false;
    detail::finish_reduction_plan(plan);
    const auto split = detail::choose_split(plan, layout.size() * static_cast<index_t>(sizeof(A)));
    if (split == detail::reduction_split::partition) {
        detail::reduce_in_partition<R>(result, layout, value, axes, keepdims, detail::partition_pieces(plan));
    } else {
        evaluate_into(result, layout, scalar_node<A>(R::identity()), true);
        detail::reduce_on_threads<R>(plan, value, split);
    }
    return true;
}

}  // namespace loom
