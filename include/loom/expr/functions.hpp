#pragma once
// The named element-wise functions, with NumPy's names. The binary ones also
// take a broadcast spec (core/broadcast.hpp): `add(a, b, broadcast::pdpd(1))`.

#include "loom/expr/elementwise.hpp"
#include "loom/expr/functors_arithmetic.hpp"
#include "loom/expr/functors_complex.hpp"
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

/// `a + b` (NumPy: numpy.add; PyTorch: torch.add).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(add, fn::add)
/// `a - b` (NumPy: numpy.subtract; PyTorch: torch.sub).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(subtract, fn::subtract)
/// `a * b` (NumPy: numpy.multiply; PyTorch: torch.mul).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(multiply, fn::multiply)
/// `a / b`, true division: integers give float64 (NumPy: numpy.divide; PyTorch: torch.div).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(divide, fn::divide)
/// divide under its other name (NumPy: numpy.true_divide).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(true_divide, fn::divide)
/// Division rounded toward negative infinity, Python's `//` (NumPy: numpy.floor_divide);
/// an integer divided by zero gives 0.
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(floor_divide, fn::floor_divide)
/// The remainder with the divisor's sign, Python's `%` (NumPy: numpy.remainder); an integer
/// remainder by zero is 0.
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(remainder, fn::remainder)
/// remainder under its other name (NumPy: numpy.mod).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(mod, fn::remainder)
/// `a` to the power `b` (NumPy: numpy.power; PyTorch: torch.pow).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(power, fn::power)
/// power under its other name (NumPy: numpy.pow; PyTorch: torch.pow).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(pow, fn::power)
/// The larger of `a` and `b`; NaN wins (NumPy: numpy.maximum; PyTorch: torch.maximum).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(maximum, fn::maximum)
/// The smaller of `a` and `b`; NaN wins (NumPy: numpy.minimum; PyTorch: torch.minimum).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(minimum, fn::minimum)
/// `a == b`, as bools (NumPy: numpy.equal); whole arrays compare with array_equal.
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(equal, fn::equal)
/// `a != b`, as bools (NumPy: numpy.not_equal).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(not_equal, fn::not_equal)
/// `a < b`, as bools (NumPy: numpy.less).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(less, fn::less)
/// `a <= b`, as bools (NumPy: numpy.less_equal).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(less_equal, fn::less_equal)
/// `a > b`, as bools (NumPy: numpy.greater).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(greater, fn::greater)
/// `a >= b`, as bools (NumPy: numpy.greater_equal).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(greater_equal, fn::greater_equal)
/// The truth of `a` and of `b`, both, as bools (NumPy: numpy.logical_and).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(logical_and, fn::logical_and)
/// The truth of `a` or of `b`, as bools (NumPy: numpy.logical_or).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(logical_or, fn::logical_or)
/// The truth of exactly one of `a` and `b`, as bools (NumPy: numpy.logical_xor).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(logical_xor, fn::logical_xor)
/// `a & b`, of integers or bools (NumPy: numpy.bitwise_and).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(bitwise_and, fn::bitwise_and)
/// `a | b`, of integers or bools (NumPy: numpy.bitwise_or).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(bitwise_or, fn::bitwise_or)
/// `a ^ b`, of integers or bools (NumPy: numpy.bitwise_xor).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(bitwise_xor, fn::bitwise_xor)

#undef LOOM_BINARY_FUNCTION

#define LOOM_UNARY_FUNCTION(name, functor)                           \
    template <expression E>                                          \
    auto name(E&& e) {                                               \
        return elementwise(functor{}, std::forward<E>(e));           \
    }

/// `-e`, element-wise (NumPy: numpy.negative).
LOOM_UNARY_FUNCTION(negative, fn::negative)
/// The absolute value, element-wise (NumPy: numpy.abs; PyTorch: torch.abs).
LOOM_UNARY_FUNCTION(abs, fn::absolute)
/// abs under its other name, element-wise (NumPy: numpy.absolute).
LOOM_UNARY_FUNCTION(absolute, fn::absolute)
/// `e * e`, element-wise (NumPy: numpy.square).
LOOM_UNARY_FUNCTION(square, fn::square)
/// -1, 0 or 1 (NaN stays NaN), element-wise (NumPy: numpy.sign; PyTorch: torch.sign).
LOOM_UNARY_FUNCTION(sign, fn::sign)
/// The square root, element-wise (NumPy: numpy.sqrt).
LOOM_UNARY_FUNCTION(sqrt, fn::sqrt)
/// e to the power `e`, element-wise (NumPy: numpy.exp).
LOOM_UNARY_FUNCTION(exp, fn::exp)
/// The natural logarithm, element-wise (NumPy: numpy.log).
LOOM_UNARY_FUNCTION(log, fn::log)
/// log(1 + e), accurate near 0, element-wise (NumPy: numpy.log1p).
LOOM_UNARY_FUNCTION(log1p, fn::log1p)
/// exp(e) - 1, accurate near 0, element-wise (NumPy: numpy.expm1).
LOOM_UNARY_FUNCTION(expm1, fn::expm1)
/// The sine, element-wise (NumPy: numpy.sin).
LOOM_UNARY_FUNCTION(sin, fn::sin)
/// The cosine, element-wise (NumPy: numpy.cos).
LOOM_UNARY_FUNCTION(cos, fn::cos)
/// The tangent, element-wise (NumPy: numpy.tan).
LOOM_UNARY_FUNCTION(tan, fn::tan)
/// The hyperbolic tangent, element-wise (NumPy: numpy.tanh).
LOOM_UNARY_FUNCTION(tanh, fn::tanh)
/// 1 / (1 + exp(-e)), element-wise (SciPy: scipy.special.expit; PyTorch: torch.sigmoid).
LOOM_UNARY_FUNCTION(sigmoid, fn::sigmoid)
/// Rounded toward negative infinity, element-wise (NumPy: numpy.floor).
LOOM_UNARY_FUNCTION(floor, fn::floor)
/// Rounded toward positive infinity, element-wise (NumPy: numpy.ceil).
LOOM_UNARY_FUNCTION(ceil, fn::ceil)
/// Rounded to the nearest integer, halves to even, element-wise (NumPy: numpy.round).
LOOM_UNARY_FUNCTION(round, fn::round)
/// True where `e` is NaN, element-wise (NumPy: numpy.isnan).
LOOM_UNARY_FUNCTION(isnan, fn::isnan)
/// True where `e` is infinite, element-wise (NumPy: numpy.isinf).
LOOM_UNARY_FUNCTION(isinf, fn::isinf)
/// The negated truth of `e`, as bools, element-wise (NumPy: numpy.logical_not).
LOOM_UNARY_FUNCTION(logical_not, fn::logical_not)
/// `~e`, of integers or bools, element-wise (NumPy: numpy.bitwise_not).
LOOM_UNARY_FUNCTION(bitwise_not, fn::bitwise_not)
/// bitwise_not under its other name, element-wise (NumPy: numpy.invert).
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

// Complex numbers taken apart (docs/expressions.md, "Complex numbers").

/// The real part, element-wise, of the real type (float for complex64); a
/// real expression's is itself, as a new expression (NumPy: numpy.real;
/// PyTorch: torch.real). Not a view: NumPy's `z.real` is one.
template <expression E>
auto real(E&& e) {
    return elementwise(fn::real{}, std::forward<E>(e));
}

/// The imaginary part, element-wise, of the real type; a real expression's
/// is zeros of its own type (NumPy: numpy.imag; PyTorch: torch.imag).
template <expression E>
auto imag(E&& e) {
    return elementwise(fn::imag{}, std::forward<E>(e));
}

/// The complex conjugate, element-wise; a real expression is its own
/// (NumPy: numpy.conjugate; PyTorch: torch.conj).
template <expression E>
auto conjugate(E&& e) {
    return elementwise(fn::conjugate{}, std::forward<E>(e));
}

/// conjugate under its other name (NumPy: numpy.conj).
template <expression E>
auto conj(E&& e) {
    return elementwise(fn::conjugate{}, std::forward<E>(e));
}

/// The argument atan2(imag, real), element-wise, in radians, or in degrees
/// when `degrees`; of the real type, float64 for integers (NumPy:
/// numpy.angle; PyTorch: torch.angle).
template <expression E>
auto angle(E&& e, bool degrees = false) {
    return elementwise(fn::angle{degrees}, std::forward<E>(e));
}

}  // namespace loom
