#pragma once
// Building the loop plan of an assignment from the expression tree: the
// engine reads the tree, the nodes only describe themselves. The recipe
// (Note [stale operands] for step 2):
//   1. the destination is operand 0, walked in its own layout;
//   2. every leaf in memory, in tree order, is mapped into the destination's
//      index space (its own stride where its size matches, 0 where it is
//      broadcast) and checked to fit;
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

#include <span>
#include <string>
#include <tuple>

#include "loom/core/apply_elements.hpp"
#include "loom/core/errors.hpp"
#include "loom/core/layout.hpp"
#include "loom/eval/plan.hpp"
#include "loom/expr/expression.hpp"
#include "loom/expr/node_protocol.hpp"

namespace loom {

namespace detail {

// The map of an operand of rank `rank` aligned on the right under a node
// whose map is `parent` (NumPy's alignment): the last `rank` entries.
inline std::span<const index_t> right_aligned(std::span<const index_t> parent, std::size_t rank) {
    if (rank > parent.size()) {
        throw broadcast_error("an operand of rank " + std::to_string(rank) + " does not fit an expression of rank " +
                              std::to_string(parent.size()) +
                              ": it changed shape after the expression reading it was built; "
                              "build the expression again");
    }
    return parent.subspan(parent.size() - rank);
}

// Step 2 for one leaf in memory: its elements, of `element_bytes` bytes of
// the type NumPy names `type`, at `data` laid out as `layout`, with its
// dimensions at `map` in the destination's index space. Compiled once for
// every expression and element type.
[[gnu::noinline]] inline void add_leaf(loop_plan& plan, const std::byte* data, index_t element_bytes, const char* type,
                                       const strided_layout& layout, std::span<const index_t> map) {
    const auto refuse = [&](index_t, index_t, index_t) {
        throw broadcast_error("an operand of shape " + to_string(layout.shape()) + " does not fit the loop over " +
                              to_string(plan.original_shape()) +
                              ": it changed shape after the expression reading it was built; "
                              "build the expression again");
    };
    plan.add_operand(data, element_bytes, type, layout, layout.broadcast_to(plan.original_shape(), map, refuse).strides());
}

// add_leaves(plan, e, map): the leaves of `e`, whose dimensions sit at `map`
// in the destination's index space, added to `plan` in tree order, through
// the roles of Note [node protocol]. A whole value has been computed before
// a plan is built (Note [computed once]), so none is met here.
template <class E>
void add_leaves(loop_plan& plan, const E& value, std::span<const index_t> map) {
    if constexpr (memory_leaf<E>) {
        using T = value_type_of<E>;
        add_leaf(plan, reinterpret_cast<const std::byte*>(value.data()), sizeof(T), type_name<T>(), value.layout(), map);
    } else if constexpr (elementwise_expression<E>) {
        detail::apply_elements(
            [&](const auto&... o) { (add_leaves(plan, o, right_aligned(map, o.shape().size())), ...); },
            value.operands());
    } else if constexpr (placed_expression<E>) {
        // The operand's dimension j sits at the placed dimension value.map()[j], or nowhere.
        dimension_map placed(value.map().size());
        for (std::size_t j = 0; j < placed.size(); ++j) {
            const index_t d = value.map()[j];
            placed[j] = d < 0 ? -1 : map[static_cast<std::size_t>(d)];
        }
        add_leaves(plan, value.operand(), placed);
    } else if constexpr (whole_value<E>) {
        static_assert(dependent_false<E>, "a whole value is computed before its expression's plan is built: materialize it");
    } else if constexpr (!constant_expression<E>) {  // a constant is no operand of the plan
        static_assert(check_node<E>);
    }
}

}  // namespace detail

/// Steps 1 and 2 of the recipe: the plan of storing `value` into the memory
/// at `destination`, laid out as `layout`, with every operand mapped and
/// checked, before any dimension is dropped, merged or moved.
template <element D, expression E>
loop_plan map_operands(const D* destination, const strided_layout& layout, const E& value) {
    loop_plan plan(layout.shape());
    plan.add_operand(destination, layout, layout.strides());
    const dimension_map identity = right_aligned_map(layout.rank(), layout.rank());
    detail::add_leaves(plan, value, detail::right_aligned(identity, value.shape().size()));
    return plan;
}

/// The plan of a reduction of `value` into the memory at `result`, laid out
/// as `layout`: the loop walks value's index space, and the result is
/// operand 0 with `strides` in that space (0 along the reduced dimensions).
template <element D, expression E>
loop_plan map_reduction(const D* result, const strided_layout& layout, const strides_type& strides, const E& value) {
    loop_plan plan(value.shape());
    plan.add_operand(result, layout, strides);
    detail::add_leaves(plan, value, right_aligned_map(value.shape().size(), value.shape().size()));
    return plan;
}

/// Steps 4 to 6: the plan's dimensions made as few and as long as they can be.
inline void shape_loop(loop_plan& plan) {
    plan.drop_unit_dimensions();
    plan.merge_dimensions();
    plan.choose_tiling();
}

}  // namespace loom
