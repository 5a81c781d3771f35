#pragma once
// What an expression is, and how a node holds its operands.
//
// Note [closure rule]: a node holds an lvalue operand by const reference and
// owns an rvalue operand (moved in). So `auto e = a + tensor<float>{1, 2, 3};`
// is safe to evaluate later: the temporary lives inside `e`. But `e` still
// refers to `a`, so `a` must outlive `e`. `auto` on an expression keeps the
// unevaluated tree; write `tensor<T> r = expr;` (or `eval(expr)`) to compute it.

#include <concepts>
#include <string>
#include <type_traits>

#include "loom/core/errors.hpp"
#include "loom/core/shape.hpp"
#include "loom/core/types.hpp"

namespace loom {

/// A loom expression: a tensor, a view or a lazy node. It has an element
/// type, a shape known since it was built, and can be read by the loop engine.
template <class E>
concept expression = requires(const std::remove_cvref_t<E>& e) {
    typename std::remove_cvref_t<E>::value_type;
    { e.shape() } -> std::same_as<const shape_type&>;
    requires std::remove_cvref_t<E>::is_loom_expression;
};

/// A C++ scalar that may stand beside an expression (`a * 2.0`).
template <class S>
concept scalar = element<std::remove_cvref_t<S>>;

/// Anything an operator or function accepts as an operand.
template <class X>
concept operand = expression<X> || scalar<X>;

template <expression E>
using value_type_of = typename std::remove_cvref_t<E>::value_type;

/// How a node stores an operand passed as `E&&` (Note [closure rule]).
template <class E>
using closure_t = std::conditional_t<std::is_lvalue_reference_v<E>, const std::remove_reference_t<E>&,
                                     std::remove_cvref_t<E>>;

/// Maps each dimension of a node onto a dimension of the result being
/// evaluated, or -1 where the node's dimension has no counterpart (a size-1
/// dimension dropped by a PDPD placement).
using dimension_map = small_vector<index_t, inline_rank>;

/// The map of an operand of rank `rank` right-aligned inside a node whose map
/// is `parent` (NumPy's alignment). An operand of a higher rank changed shape
/// after the node was built (Note [stale operands] in eval/plan.hpp).
inline dimension_map right_aligned(const dimension_map& parent, std::size_t rank) {
    if (rank > parent.size()) {
        throw broadcast_error("an operand of rank " + std::to_string(rank) + " does not fit an expression of rank " +
                              std::to_string(parent.size()) +
                              ": it changed shape after the expression reading it was built; "
                              "build the expression again");
    }
    return dimension_map(parent.end() - static_cast<std::ptrdiff_t>(rank), parent.end());
}

/// The identity map of the result itself.
inline dimension_map identity_map(std::size_t rank) {
    dimension_map map(rank);
    for (std::size_t d = 0; d < rank; ++d) map[d] = static_cast<index_t>(d);
    return map;
}

}  // namespace loom
