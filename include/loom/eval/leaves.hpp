#pragma once
// What the engine needs to know of an expression tree's leaves in memory
// (tensors and views), walked in tree order, the order in which the plan
// numbers them: visiting each, and sums over them known at compile time.
// The walks go through the roles of Note [node protocol]
// (expr/node_protocol.hpp): a leaf is a memory_leaf, and the children of a
// node are its operands.

#include <cstddef>
#include <tuple>
#include <type_traits>

#include "loom/core/apply_elements.hpp"
#include "loom/expr/expression.hpp"
#include "loom/expr/node_protocol.hpp"

namespace loom {

/// Calls visit(leaf) for every leaf in memory of `value`, in tree order.
template <class E, class Visit>
void for_each_leaf(const E& value, Visit&& visit) {
    if constexpr (memory_leaf<E>) {
        visit(value);
    } else if constexpr (elementwise_expression<E>) {
        detail::apply_elements([&](const auto&... o) { (for_each_leaf(o, visit), ...); }, value.operands());
    } else if constexpr (placed_expression<E>) {
        for_each_leaf(value.operand(), visit);
    } else if constexpr (!constant_expression<E> && !whole_value<E>) {
        static_assert(check_node<E>);
    }
}

/// The sum of PerLeaf<L>::value over the leaves L in memory of E.
template <class E, template <class> class PerLeaf>
constexpr std::size_t sum_over_leaves() {
    if constexpr (memory_leaf<E>) {
        return PerLeaf<E>::value;
    } else {
        return over_children<E>([]<class... C>() { return (sum_over_leaves<C, PerLeaf>() + ... + std::size_t{0}); });
    }
}

namespace detail {
template <class Leaf>
struct one_leaf : std::integral_constant<std::size_t, 1> {};
}  // namespace detail

/// The number of leaves in memory of E: the plan's operands besides the destination.
template <class E>
inline constexpr std::size_t leaf_count = sum_over_leaves<E, detail::one_leaf>();

/// True when a PDPD placement moves some leaf of E away from NumPy's alignment.
template <class E>
constexpr bool has_placement() {
    if constexpr (placed_expression<E>) {
        return true;
    } else {
        return over_children<E>([]<class... C>() { return (has_placement<C>() || ...); });
    }
}

}  // namespace loom
