#pragma once
// Building the loop plan of an assignment from the expression tree: the
// engine reads the tree, the nodes only describe themselves. The recipe
// (Note [stale operands] for step 2):
//   1. the destination is operand 0, walked in its own layout;
//   2. every leaf in memory, in tree order (Note [leaf table] in
//      leaves.hpp), is mapped into the destination's index space (its own
//      stride where its size matches, 0 where it is broadcast) and checked
//      to fit;
//   3. (the caller) an operand that overlaps the destination under another
//      mapping sends the evaluation through a temporary (Note [aliasing]);
//   4. size-1 dimensions are dropped;
//   5. dimensions contiguous for every operand are merged;
//   6. a transposed layout is reordered and tiled (Note [tiling]).
//
// Note [stale operands]: an expression refers to its lvalue operands, and
// its shape was fixed when it was built. An operand reassigned to another
// shape since then would be read past its end: it is refused in step 2,
// the only shape error that evaluating an existing expression can raise.

#include <cstddef>
#include <string>

#include "loom/core/errors.hpp"
#include "loom/core/layout.hpp"
#include "loom/eval/leaves.hpp"
#include "loom/eval/plan.hpp"
#include "loom/expr/expression.hpp"
#include "loom/expr/node_protocol.hpp"

namespace loom {

namespace detail {

// Step 2 for the leaves of `table` (Note [leaf table]): each leaf's
// dimensions mapped into the loop's `rank` dimensions, whose last
// table.rank are the value's, and checked to fit.
[[gnu::noinline]] inline void add_leaves(loop_plan& plan, const leaf_table& table, std::size_t rank) {
    if (table.rank > rank) {
        throw broadcast_error("a value of rank " + std::to_string(table.rank) + " does not fit the loop over " +
                              to_string(plan.original_shape()) + "; store it into memory of its own shape");
    }
    const auto shift = static_cast<index_t>(rank - table.rank);
    dimension_map map;
    for (const leaf_entry& leaf : table.entries) {
        const std::size_t own = leaf.layout->rank();
        if (own > leaf.reader_rank) {
            refuse_stale(leaf.layout->shape(), "an expression of rank " + std::to_string(leaf.reader_rank));
        }
        // Its dimension j sits at the reader's dimension reader_rank - own + j (NumPy's alignment).
        map.resize_for_overwrite(own);
        for (std::size_t j = 0; j < own; ++j) {
            const std::size_t in_reader = leaf.reader_rank - own + j;
            const index_t d = leaf.map_at < 0 ? static_cast<index_t>(table.rank - leaf.reader_rank + in_reader)
                                              : table.maps[static_cast<std::size_t>(leaf.map_at) + in_reader];
            map[j] = d < 0 ? -1 : d + shift;
        }
        const auto refuse = [&](index_t, index_t, index_t) {
            refuse_stale(leaf.layout->shape(), "the loop over " + to_string(plan.original_shape()));
        };
        plan.add_operand(leaf.first, leaf.element_bytes, leaf.type, *leaf.layout,
                         leaf.layout->broadcast_to(plan.original_shape(), map, refuse).strides());
    }
}

}  // namespace detail

/// Steps 1 and 2 of the recipe: the plan of storing the value whose leaves
/// are `leaves` into the memory at `destination` (elements of
/// `element_bytes` bytes of the type NumPy names `type`), laid out as
/// `layout`, with every operand mapped and checked, before any dimension
/// is dropped, merged or moved. Compiled once for every expression.
[[gnu::noinline]] inline loop_plan map_operands(const std::byte* destination, index_t element_bytes, const char* type,
                                                const strided_layout& layout, const leaf_table& leaves) {
    loop_plan plan(layout.shape());
    plan.add_operand(destination, element_bytes, type, layout, layout.strides());
    detail::add_leaves(plan, leaves, layout.rank());
    return plan;
}

/// map_operands for `value`, stored into elements of type D.
template <element D, expression E>
loop_plan map_operands(const D* destination, const strided_layout& layout, const E& value) {
    leaf_table leaves;
    gather_leaves(leaves, value);
    return map_operands(reinterpret_cast<const std::byte*>(destination), index_t{sizeof(D)}, type_name<D>(), layout,
                        leaves);
}

/// The plan of a reduction of `value` into the memory at `result`, laid out
/// as `layout`: the loop walks value's index space, and the result is
/// operand 0 with `strides` in that space (0 along the reduced dimensions).
template <element D, expression E>
loop_plan map_reduction(const D* result, const strided_layout& layout, const strides_type& strides, const E& value) {
    loop_plan plan(value.shape());
    plan.add_operand(result, layout, strides);
    leaf_table leaves;
    gather_leaves(leaves, value);
    detail::add_leaves(plan, leaves, leaves.rank);
    return plan;
}

/// Steps 4 to 6: the plan's dimensions made as few and as long as they can be.
inline void shape_loop(loop_plan& plan) {
    plan.drop_unit_dimensions();
    plan.merge_dimensions();
    plan.choose_tiling();
}

}  // namespace loom
