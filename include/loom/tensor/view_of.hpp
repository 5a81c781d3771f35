#pragma once
// view_of(x): the strided view that every shape manipulation starts from.
// A tensor lvalue gives a view of its memory; a tensor rvalue is moved into
// shared ownership so the view keeps it alive (Note [view lifetime] in
// view.hpp); any other expression is evaluated into such an owned tensor.
// const_view_of(x) is the same view of const elements, for functions that
// only read.

#include <memory>
#include <type_traits>

#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view.hpp"

namespace loom {

/// True for the tensor_view types.
template <class X>
inline constexpr bool is_view_v = false;
/// True for the tensor_view types.
template <class T>
inline constexpr bool is_view_v<tensor_view<T>> = true;

/// True for the tensor types.
template <class X>
inline constexpr bool is_tensor_v = false;
/// True for the tensor types.
template <class T, class Shape>
inline constexpr bool is_tensor_v<tensor<T, Shape>> = true;

/// A tensor or a view: something with memory, shape and strides.
template <class X>
concept strided = is_view_v<std::remove_cvref_t<X>> || is_tensor_v<std::remove_cvref_t<X>>;

/// A view of `x`'s elements: a view as it is, a tensor's memory, or the value of a temporary or
/// an expression, evaluated into a tensor the view owns.
template <expression X>
auto view_of(X&& x) {
    using B = std::remove_cvref_t<X>;
    using T = value_type_of<X>;
    if constexpr (is_view_v<B>) {
        return B(x);
    } else if constexpr (is_tensor_v<B> && std::is_lvalue_reference_v<X>) {
        return x.view();
    } else {
        // A temporary tensor, or an expression to evaluate: the view owns the result.
        auto owned = std::make_shared<tensor<T>>(std::forward<X>(x));
        return tensor_view<T>(owned->data(), owned->layout(), owned);
    }
}

/// view_of(x) as a view of const elements. A tensor, a const tensor and their views then give one
/// type, so that a function that only reads its arguments (those of loom::linalg) is compiled once
/// for all of them, not once for each kind of argument a program passes.
template <expression X>
tensor_view<const value_type_of<X>> const_view_of(X&& x) {
    return view_of(std::forward<X>(x));
}

/// The type view_of returns for an X.
template <expression X>
using view_of_t = decltype(view_of(std::declval<X>()));

}  // namespace loom
