#pragma once
// The C++ operators on expressions. Each builds a lazy node; nothing is
// computed until the node is assigned or evaluated. `==` and friends build
// bool expressions: whole-tensor comparison is array_equal / allclose.

#include "loom/expr/elementwise.hpp"
#include "loom/expr/functors_arithmetic.hpp"
#include "loom/expr/functors_logic.hpp"

namespace loom {

// One overload, or four under clang (Note [lifetimebound] in expression.hpp).
#define LOOM_BINARY_OPERATOR(op, functor)                                    \
    LOOM_ELEMENTWISE_OVERLOADS_2(operator op, (elementwise_operands<L, R>), \
                                 elementwise(functor{}, std::forward<L>(l), std::forward<R>(r)))

/// `a + b`: add (NumPy: numpy.add).
/// Throws loom::broadcast_error when the shapes do not broadcast.
LOOM_BINARY_OPERATOR(+, fn::add)
/// `a - b`: subtract (NumPy: numpy.subtract).
/// Throws loom::broadcast_error when the shapes do not broadcast.
LOOM_BINARY_OPERATOR(-, fn::subtract)
/// `a * b`: multiply (NumPy: numpy.multiply).
/// Throws loom::broadcast_error when the shapes do not broadcast.
LOOM_BINARY_OPERATOR(*, fn::multiply)
/// `a / b`: divide: true division, integers give float64 (NumPy: numpy.divide).
/// Throws loom::broadcast_error when the shapes do not broadcast.
LOOM_BINARY_OPERATOR(/, fn::divide)
/// `a % b`: remainder, with the divisor's sign (NumPy: numpy.remainder).
/// Throws loom::broadcast_error when the shapes do not broadcast.
LOOM_BINARY_OPERATOR(%, fn::remainder)
/// `a == b`: equal, as bools (NumPy: numpy.equal); whole arrays compare with array_equal.
/// Throws loom::broadcast_error when the shapes do not broadcast.
LOOM_BINARY_OPERATOR(==, fn::equal)
/// `a != b`: not_equal (NumPy: numpy.not_equal).
/// Throws loom::broadcast_error when the shapes do not broadcast.
LOOM_BINARY_OPERATOR(!=, fn::not_equal)
/// `a < b`: less (NumPy: numpy.less).
/// Throws loom::broadcast_error when the shapes do not broadcast.
LOOM_BINARY_OPERATOR(<, fn::less)
/// `a <= b`: less_equal (NumPy: numpy.less_equal).
/// Throws loom::broadcast_error when the shapes do not broadcast.
LOOM_BINARY_OPERATOR(<=, fn::less_equal)
/// `a > b`: greater (NumPy: numpy.greater).
/// Throws loom::broadcast_error when the shapes do not broadcast.
LOOM_BINARY_OPERATOR(>, fn::greater)
/// `a >= b`: greater_equal (NumPy: numpy.greater_equal).
/// Throws loom::broadcast_error when the shapes do not broadcast.
LOOM_BINARY_OPERATOR(>=, fn::greater_equal)
/// `a && b`: logical_and, element-wise: both operands are evaluated (NumPy: numpy.logical_and).
/// Throws loom::broadcast_error when the shapes do not broadcast.
LOOM_BINARY_OPERATOR(&&, fn::logical_and)
/// `a || b`: logical_or, element-wise: both operands are evaluated (NumPy: numpy.logical_or).
/// Throws loom::broadcast_error when the shapes do not broadcast.
LOOM_BINARY_OPERATOR(||, fn::logical_or)
/// `a & b`: bitwise_and (NumPy: numpy.bitwise_and).
/// Throws loom::broadcast_error when the shapes do not broadcast.
LOOM_BINARY_OPERATOR(&, fn::bitwise_and)
/// `a | b`: bitwise_or (NumPy: numpy.bitwise_or).
/// Throws loom::broadcast_error when the shapes do not broadcast.
LOOM_BINARY_OPERATOR(|, fn::bitwise_or)
/// `a ^ b`: bitwise_xor (NumPy: numpy.bitwise_xor).
/// Throws loom::broadcast_error when the shapes do not broadcast.
LOOM_BINARY_OPERATOR(^, fn::bitwise_xor)

#undef LOOM_BINARY_OPERATOR

/// `-e`: negative (NumPy: numpy.negative).
LOOM_ELEMENTWISE_OVERLOADS_1(operator-, (expression<E>), elementwise(fn::negative{}, std::forward<E>(e)))

/// `!e`: logical_not, as bools (NumPy: numpy.logical_not).
LOOM_ELEMENTWISE_OVERLOADS_1(operator!, (expression<E>), elementwise(fn::logical_not{}, std::forward<E>(e)))

/// `~e`: bitwise_not, of integers or bools (NumPy: numpy.invert).
LOOM_ELEMENTWISE_OVERLOADS_1(operator~, (expression<E>), elementwise(fn::bitwise_not{}, std::forward<E>(e)))

}  // namespace loom
