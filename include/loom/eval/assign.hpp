#pragma once
// Evaluation: storing an expression into memory, as one recipe that every
// element-wise evaluation in loom goes through.

#include "loom/eval/cursors.hpp"
#include "loom/eval/loop.hpp"
#include "loom/eval/plan.hpp"
#include "loom/expr/expression.hpp"
#include "loom/tensor/storage.hpp"

namespace loom {

namespace detail {

// Steps 1 and 2 of the recipe: the destination as operand 0, then every leaf
// of the expression, in tree order, placed in the destination's index space.
template <element D, expression E>
auto plan_operands(loop_plan& plan, const D* data, const shape_type& shape, const strides_type& strides,
                   const E& value) {
    const dimension_map destination = identity_map(shape.size());
    plan.add_operand(data, shape, strides, destination);
    return value.cursor(plan, right_aligned(destination, value.shape().size()));
}

// Copies a contiguous block of `shape` into memory laid out with `strides`.
template <element D>
void copy_into(D* data, const shape_type& shape, const strides_type& strides, const D* source) {
    loop_plan plan(shape);
    const dimension_map destination = identity_map(shape.size());
    plan.add_operand(data, shape, strides, destination);
    leaf_cursor<D> root(source, plan.add_operand(source, shape, row_major_strides(shape), destination));
    plan.coalesce();
    run_plan(plan, data, root);
}

}  // namespace detail

/// Stores `value` into the elements of `data`, laid out as `shape` with
/// `strides` (in elements). The caller has checked that value's shape
/// broadcasts to `shape`.
template <element D, expression E>
void evaluate_into(D* data, const shape_type& shape, const strides_type& strides, const E& value) {
    loop_plan plan(shape);                                      // 1. the loop walks the destination's shape
    auto root = detail::plan_operands(plan, data, shape, strides, value);  // 2. per-operand strides, 0 where broadcast
    if (plan.reads_destination_differently()) {                 // 3. overlap under another mapping (Note [aliasing])
        storage<D> temporary(element_count(shape));
        evaluate_into(temporary.data(), shape, row_major_strides(shape), value);
        detail::copy_into(data, shape, strides, temporary.data());
        return;
    }
    plan.coalesce();                                            // 4. merge dimensions (Note [merging dimensions])
    run_plan(plan, data, root);                                 // 5. the one loop
}

/// The plan that evaluating `value` into a new contiguous tensor runs: print
/// it to see the merged shape, each operand's strides and the path chosen.
template <expression E>
loop_plan plan_of(const E& value) {
    using D = value_type_of<E>;
    loop_plan plan(value.shape());
    [[maybe_unused]] auto root =
        detail::plan_operands(plan, static_cast<const D*>(nullptr), value.shape(), row_major_strides(value.shape()), value);
    plan.coalesce();
    return plan;
}

}  // namespace loom
