#pragma once
// The named element-wise functions, with NumPy's names. The binary ones also
// take a broadcast spec (core/broadcast.hpp): `add(a, b, broadcast::pdpd(1))`.

#include <optional>

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

// The function, and the function under a broadcast spec: one overload of each, or four under
// clang (Note [lifetimebound] in expression.hpp).
#define LOOM_BINARY_FUNCTION(name, functor)                                                          \
    LOOM_ELEMENTWISE_OVERLOADS_2(name, (elementwise_operands<L, R>),                                 \
                                 elementwise(functor{}, std::forward<L>(l), std::forward<R>(r)))     \
    LOOM_ELEMENTWISE_OVERLOADS_2(name, (elementwise_operands<L, R>),                                 \
                                 elementwise_with_spec(functor{}, std::forward<L>(l), std::forward<R>(r), spec), \
                                 const broadcast_spec& spec)
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
/// The angle of the point (`b`, `a`), `atan2(a, b)`, in radians in [-pi, pi]; integers give float64
/// (NumPy: numpy.arctan2; PyTorch: torch.atan2).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(arctan2, fn::arctan2)
/// sqrt(a*a + b*b) without overflow; integers give float64 (NumPy: numpy.hypot; PyTorch: torch.hypot).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(hypot, fn::hypot)
/// The magnitude of `a` with the sign of `b`; integers give float64 (NumPy: numpy.copysign; PyTorch: torch.copysign).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(copysign, fn::copysign)
/// The step function: 0 where `a` < 0, `b` where `a` is zero, 1 where `a` > 0, NaN where `a` is NaN;
/// integers give float64 (NumPy: numpy.heaviside; PyTorch: torch.heaviside).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(heaviside, fn::heaviside)
/// log(exp(a) + exp(b)), computed without overflow; integers give float64 (NumPy: numpy.logaddexp;
/// PyTorch: torch.logaddexp).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(logaddexp, fn::logaddexp)
/// log2(2^a + 2^b), computed without overflow; integers give float64 (NumPy: numpy.logaddexp2;
/// PyTorch: torch.logaddexp2).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(logaddexp2, fn::logaddexp2)
/// The larger of `a` and `b`; NaN loses to a number (NumPy: numpy.fmax; PyTorch: torch.fmax).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(fmax, fn::fmax)
/// The smaller of `a` and `b`; NaN loses to a number (NumPy: numpy.fmin; PyTorch: torch.fmin).
/// Throws loom::broadcast_error when the shapes do not broadcast (under `spec`, when given).
LOOM_BINARY_FUNCTION(fmin, fn::fmin)

#undef LOOM_BINARY_FUNCTION

#define LOOM_UNARY_FUNCTION(name, functor) \
    LOOM_ELEMENTWISE_OVERLOADS_1(name, (expression<E>), elementwise(functor{}, std::forward<E>(e)))

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
/// The base-2 logarithm, element-wise (NumPy: numpy.log2).
LOOM_UNARY_FUNCTION(log2, fn::log2)
/// The base-10 logarithm, element-wise (NumPy: numpy.log10).
LOOM_UNARY_FUNCTION(log10, fn::log10)
/// 2 to the power `e`, element-wise (NumPy: numpy.exp2).
LOOM_UNARY_FUNCTION(exp2, fn::exp2)
/// The cube root, negative for negative `e`, element-wise (NumPy: numpy.cbrt).
LOOM_UNARY_FUNCTION(cbrt, fn::cbrt)
/// The inverse sine, NaN outside [-1, 1], element-wise (NumPy: numpy.arcsin; PyTorch: torch.asin).
LOOM_UNARY_FUNCTION(arcsin, fn::arcsin)
/// The inverse cosine, NaN outside [-1, 1], element-wise (NumPy: numpy.arccos; PyTorch: torch.acos).
LOOM_UNARY_FUNCTION(arccos, fn::arccos)
/// The inverse tangent, element-wise (NumPy: numpy.arctan; PyTorch: torch.atan).
LOOM_UNARY_FUNCTION(arctan, fn::arctan)
/// The hyperbolic sine, element-wise (NumPy: numpy.sinh).
LOOM_UNARY_FUNCTION(sinh, fn::sinh)
/// The hyperbolic cosine, element-wise (NumPy: numpy.cosh).
LOOM_UNARY_FUNCTION(cosh, fn::cosh)
/// The inverse hyperbolic sine, element-wise (NumPy: numpy.arcsinh; PyTorch: torch.asinh).
LOOM_UNARY_FUNCTION(arcsinh, fn::arcsinh)
/// The inverse hyperbolic cosine, NaN below 1, element-wise (NumPy: numpy.arccosh; PyTorch: torch.acosh).
LOOM_UNARY_FUNCTION(arccosh, fn::arccosh)
/// The inverse hyperbolic tangent, NaN outside [-1, 1], element-wise (NumPy: numpy.arctanh;
/// PyTorch: torch.atanh).
LOOM_UNARY_FUNCTION(arctanh, fn::arctanh)
/// Degrees converted to radians, element-wise (NumPy: numpy.deg2rad).
LOOM_UNARY_FUNCTION(deg2rad, fn::deg2rad)
/// deg2rad under its other name, element-wise (NumPy: numpy.radians).
LOOM_UNARY_FUNCTION(radians, fn::deg2rad)
/// Radians converted to degrees, element-wise (NumPy: numpy.rad2deg).
LOOM_UNARY_FUNCTION(rad2deg, fn::rad2deg)
/// rad2deg under its other name, element-wise (NumPy: numpy.degrees).
LOOM_UNARY_FUNCTION(degrees, fn::rad2deg)
/// Rounded toward zero, element-wise; integers keep their type (NumPy: numpy.trunc, which gives floats
/// for them in NumPy 1).
LOOM_UNARY_FUNCTION(trunc, fn::trunc)
/// 1 / `e` in `e`'s own type, element-wise: integers divide as integers (0 except for 1 and -1), and
/// 1 / 0 gives 0 for them; bools give int8 (NumPy: numpy.reciprocal).
LOOM_UNARY_FUNCTION(reciprocal, fn::reciprocal)
/// True where `e` is neither infinite nor NaN, element-wise (NumPy: numpy.isfinite).
LOOM_UNARY_FUNCTION(isfinite, fn::isfinite)
/// 0 where `e` is negative, else `e`, in `e`'s type: NaN and -0.0 stay, element-wise; not for bool
/// (PyTorch: torch.relu).
LOOM_UNARY_FUNCTION(relu, fn::relu)

#undef LOOM_UNARY_FUNCTION

/// NaN replaced by `nan`, +inf by `posinf` and -inf by `neginf`, element-wise, each converted to the
/// element type (beyond float32's range, an infinity); without `posinf` or `neginf`, the type's largest
/// or lowest finite value. Integers and bools are unchanged (NumPy: numpy.nan_to_num;
/// PyTorch: torch.nan_to_num).
template <expression E>
auto nan_to_num(E&& e, double nan = 0.0, std::optional<double> posinf = std::nullopt,
                std::optional<double> neginf = std::nullopt) {
    return elementwise(fn::nan_to_num{nan, posinf, neginf}, std::forward<E>(e));
}

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
