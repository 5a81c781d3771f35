#pragma once
// Running a reduction on the one engine: the plan walks the operand's index
// space with the result as operand 0, broadcast along the reduced
// dimensions (stride 0), and the accumulating kernel folds every element of
// the operand into its result element. An element-wise operand is read as
// it is computed: `sum(a * b)` allocates nothing the size of `a`.

#include <algorithm>
#include <cstddef>
#include <utility>

#include "loom/core/layout.hpp"
#include "loom/eval/assign.hpp"
#include "loom/eval/build_plan.hpp"
#include "loom/eval/cursors.hpp"
#include "loom/eval/loop.hpp"
#include "loom/expr/scalar_node.hpp"
#include "loom/reduce/axes.hpp"
#include "loom/reduce/reduce_kernel.hpp"

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

}  // namespace detail

/// Reduces `value` over `axes` with R into the memory at `result`, laid out
/// as `layout` (the reduced shape, with or without keepdims), and returns
/// true; returns false, having written nothing, when that memory meets an
/// operand of `value` (a result element is written many times, so the
/// caller must then reduce into new memory).
template <reducer R, expression E>
bool reduce_into(typename R::accumulator* result, const strided_layout& layout, const E& value,
                 const reduced_axes& axes, bool keepdims) {
    using A = typename R::accumulator;
    loop_plan plan = map_reduction(result, layout, detail::result_strides(layout, axes, keepdims), value);
    if (plan.destination_meets_operands()) return false;
    evaluate_into(result, layout, scalar_node<A>(R::identity()), true);
    plan.drop_unit_dimensions();
    plan.merge_dimensions(true);

    alignas(64) std::byte memory[std::max<std::size_t>(buffer_bytes<E>, 1)];
    block_buffers buffers(plan, memory);
    std::size_t next = 1;
    reduce_kernel<R, decltype(make_cursor(value, next, buffers))> kernel(make_cursor(value, next, buffers));
    run_plan(plan, kernel);
    return true;
}

}  // namespace loom
