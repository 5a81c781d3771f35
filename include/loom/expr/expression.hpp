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

#include "loom/core/layout.hpp"
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

/// The element type of an expression (NumPy: ndarray.dtype).
template <expression E>
using value_type_of = typename std::remove_cvref_t<E>::value_type;

/// How a node stores an operand passed as `E&&` (Note [closure rule]).
template <class E>
using closure_t = std::conditional_t<std::is_lvalue_reference_v<E>, const std::remove_reference_t<E>&,
                                     std::remove_cvref_t<E>>;

/// A leaf in memory (a tensor or a view): the engine reads it through its
/// first element's address and its layout.
template <class E>
concept memory_leaf = expression<E> && requires(const std::remove_cvref_t<E>& e) {
    { e.data() } -> std::convertible_to<const value_type_of<E>*>;
    { e.layout() } -> std::same_as<const strided_layout&>;
};

}  // namespace loom
