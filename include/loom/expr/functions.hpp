#pragma once
// The named element-wise functions, with NumPy's names. The binary ones also
// take a broadcast spec (core/broadcast.hpp): `add(a, b, broadcast::pdpd(1))`.

#include "loom/expr/elementwise.hpp"
#include "loom/expr/functors_arithmetic.hpp"
#include "loom/expr/functors_logic.hpp"
#include "loom/expr/functors_math.hpp"
#include "loom/expr/placed_node.hpp"

namespace loom {

/// `function(a, b)` with `b` aligned onto `a` by `spec` instead of NumPy's
/// right alignment. Checks the shapes under the spec here, when it is built.
template <class F, class A, class B>
auto elementwise_with_spec(F function, A&& a, B&& b, const broadcast_spec& spec) {
    using partner = partner_t<A, B>;
    decltype(auto) left = lift<partner>(std::forward<A>(a));
    decltype(auto) right = lift<partner>(std::forward<B>(b));
    placement where = placement_under(left.shape(), right.shape(), spec);  // throws broadcast_error
    using right_type = closure_t<decltype(right)&&>;
    return make_node(function, std::forward<decltype(left)>(left),
                     placed_node<right_type>(std::forward<decltype(right)>(right), std::move(where)));
}

#define LOOM_BINARY_FUNCTION(name, functor)                                                         \
    template <class A, class B>                                                                     \
        requires elementwise_operands<A, B>                                                         \
    auto name(A&& a, B&& b) {                                                                       \
        return elementwise(functor{}, std::forward<A>(a), std::forward<B>(b));                      \
    }                                                                                               \
    template <class A, class B>                                                                     \
        requires elementwise_operands<A, B>                                                         \
    auto name(A&& a, B&& b, const broadcast_spec& spec) {                                           \
        return elementwise_with_spec(functor{}, std::forward<A>(a), std::forward<B>(b), spec);      \
    }

LOOM_BINARY_FUNCTION(add, fn::add)
LOOM_BINARY_FUNCTION(subtract, fn::subtract)
LOOM_BINARY_FUNCTION(multiply, fn::multiply)
LOOM_BINARY_FUNCTION(divide, fn::divide)
LOOM_BINARY_FUNCTION(true_divide, fn::divide)
LOOM_BINARY_FUNCTION(floor_divide, fn::floor_divide)
LOOM_BINARY_FUNCTION(remainder, fn::remainder)
LOOM_BINARY_FUNCTION(mod, fn::remainder)
LOOM_BINARY_FUNCTION(power, fn::power)
LOOM_BINARY_FUNCTION(pow, fn::power)
LOOM_BINARY_FUNCTION(maximum, fn::maximum)
LOOM_BINARY_FUNCTION(minimum, fn::minimum)
LOOM_BINARY_FUNCTION(equal, fn::equal)
LOOM_BINARY_FUNCTION(not_equal, fn::not_equal)
LOOM_BINARY_FUNCTION(less, fn::less)
LOOM_BINARY_FUNCTION(less_equal, fn::less_equal)
LOOM_BINARY_FUNCTION(greater, fn::greater)
LOOM_BINARY_FUNCTION(greater_equal, fn::greater_equal)
LOOM_BINARY_FUNCTION(logical_and, fn::logical_and)
LOOM_BINARY_FUNCTION(logical_or, fn::logical_or)
LOOM_BINARY_FUNCTION(logical_xor, fn::logical_xor)
LOOM_BINARY_FUNCTION(bitwise_and, fn::bitwise_and)
LOOM_BINARY_FUNCTION(bitwise_or, fn::bitwise_or)
LOOM_BINARY_FUNCTION(bitwise_xor, fn::bitwise_xor)

#undef LOOM_BINARY_FUNCTION

#define LOOM_UNARY_FUNCTION(name, functor)                           \
    template <expression E>                                          \
    auto name(E&& e) {                                               \
        return elementwise(functor{}, std::forward<E>(e));           \
    }

LOOM_UNARY_FUNCTION(negative, fn::negative)
LOOM_UNARY_FUNCTION(abs, fn::absolute)
LOOM_UNARY_FUNCTION(absolute, fn::absolute)
LOOM_UNARY_FUNCTION(square, fn::square)
LOOM_UNARY_FUNCTION(sign, fn::sign)
LOOM_UNARY_FUNCTION(sqrt, fn::sqrt)
LOOM_UNARY_FUNCTION(exp, fn::exp)
LOOM_UNARY_FUNCTION(log, fn::log)
LOOM_UNARY_FUNCTION(log1p, fn::log1p)
LOOM_UNARY_FUNCTION(expm1, fn::expm1)
LOOM_UNARY_FUNCTION(sin, fn::sin)
LOOM_UNARY_FUNCTION(cos, fn::cos)
LOOM_UNARY_FUNCTION(tan, fn::tan)
LOOM_UNARY_FUNCTION(tanh, fn::tanh)
LOOM_UNARY_FUNCTION(sigmoid, fn::sigmoid)
LOOM_UNARY_FUNCTION(floor, fn::floor)
LOOM_UNARY_FUNCTION(ceil, fn::ceil)
LOOM_UNARY_FUNCTION(round, fn::round)
LOOM_UNARY_FUNCTION(isnan, fn::isnan)
LOOM_UNARY_FUNCTION(isinf, fn::isinf)
LOOM_UNARY_FUNCTION(logical_not, fn::logical_not)
LOOM_UNARY_FUNCTION(bitwise_not, fn::bitwise_not)
LOOM_UNARY_FUNCTION(invert, fn::bitwise_not)

#undef LOOM_UNARY_FUNCTION

/// where(condition, a, b): `a` where `condition` is true, else `b`; all three broadcast.
template <class C, class A, class B>
    requires elementwise_operands<C, A, B>
auto where(C&& condition, A&& a, B&& b) {
    using partner = partner_t<A, B>;
    return make_node(fn::where{}, lift<partner_t<C>>(std::forward<C>(condition)),
                     lift<partner>(std::forward<A>(a)), lift<partner>(std::forward<B>(b)));
}

/// clip(x, low, high) = minimum(maximum(x, low), high), as NumPy's clip.
template <class X, class L, class H>
    requires elementwise_operands<X, L, H>
auto clip(X&& x, L&& low, H&& high) {
    return elementwise(fn::clip{}, std::forward<X>(x), std::forward<L>(low), std::forward<H>(high));
}

/// The expression converted to element type `To` (docs/semantics.md:
/// storing a result into a lower category needs this, explicitly).
template <element To, expression E>
auto astype(E&& e) {
    return elementwise(fn::cast<To>{}, std::forward<E>(e));
}

}  // namespace loom
