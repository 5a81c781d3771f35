#pragma once
// What the engine needs to know of an expression tree's leaves in memory
// (tensors and views), walked in tree order, the order in which the plan
// numbers them: visiting each, and sums over them known at compile time.

#include <cstddef>
#include <tuple>
#include <type_traits>

#include "loom/expr/expression.hpp"
#include "loom/expr/function_node.hpp"
#include "loom/expr/placed_node.hpp"

namespace loom {

/// Calls visit(leaf) for every leaf in memory of `value`, in tree order.
template <class E, class Visit>
void for_each_leaf(const E& value, Visit&& visit) {
    if constexpr (memory_leaf<E>) {
        visit(value);
    } else if constexpr (requires { value.operands(); }) {
        std::apply([&](const auto&... o) { (for_each_leaf(o, visit), ...); }, value.operands());
    } else if constexpr (requires { value.operand(); }) {
        for_each_leaf(value.operand(), visit);
    }
}

/// The sum of PerLeaf<L>::value over the leaves L in memory of E.
template <class E, template <class> class PerLeaf>
struct sum_over_leaves : std::integral_constant<std::size_t, 0> {};
template <memory_leaf E, template <class> class PerLeaf>
struct sum_over_leaves<E, PerLeaf> : std::integral_constant<std::size_t, PerLeaf<E>::value> {};
template <class F, class... Operands, template <class> class PerLeaf>
struct sum_over_leaves<function_node<F, Operands...>, PerLeaf>
    : std::integral_constant<std::size_t, (sum_over_leaves<std::remove_cvref_t<Operands>, PerLeaf>::value + ... + 0)> {};
template <class Operand, template <class> class PerLeaf>
struct sum_over_leaves<placed_node<Operand>, PerLeaf> : sum_over_leaves<std::remove_cvref_t<Operand>, PerLeaf> {};

namespace detail {
template <class Leaf>
struct one_leaf : std::integral_constant<std::size_t, 1> {};
}  // namespace detail

/// The number of leaves in memory of E: the plan's operands besides the destination.
template <class E>
inline constexpr std::size_t leaf_count = sum_over_leaves<E, detail::one_leaf>::value;

/// True when a PDPD placement moves some leaf of E away from NumPy's alignment.
template <class E>
inline constexpr bool has_placement = false;
template <class F, class... Operands>
inline constexpr bool has_placement<function_node<F, Operands...>> =
    (has_placement<std::remove_cvref_t<Operands>> || ...);
template <class Operand>
inline constexpr bool has_placement<placed_node<Operand>> = true;

}  // namespace loom
