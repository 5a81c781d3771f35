#pragma once
// The C++ operators on expressions. Each builds a lazy node; nothing is
// computed until the node is assigned or evaluated. `==` and friends build
// bool expressions: whole-tensor comparison is array_equal / allclose.

#include "loom/expr/elementwise.hpp"
#include "loom/expr/functors_arithmetic.hpp"
#include "loom/expr/functors_logic.hpp"

namespace loom {

#define LOOM_BINARY_OPERATOR(op, functor)                                   \
    template <class L, class R>                                             \
        requires elementwise_operands<L, R>                                 \
    auto operator op(L&& l, R&& r) {                                        \
        return elementwise(functor{}, std::forward<L>(l), std::forward<R>(r)); \
    }

LOOM_BINARY_OPERATOR(+, fn::add)
LOOM_BINARY_OPERATOR(-, fn::subtract)
LOOM_BINARY_OPERATOR(*, fn::multiply)
LOOM_BINARY_OPERATOR(/, fn::divide)
LOOM_BINARY_OPERATOR(%, fn::remainder)
LOOM_BINARY_OPERATOR(==, fn::equal)
LOOM_BINARY_OPERATOR(!=, fn::not_equal)
LOOM_BINARY_OPERATOR(<, fn::less)
LOOM_BINARY_OPERATOR(<=, fn::less_equal)
LOOM_BINARY_OPERATOR(>, fn::greater)
LOOM_BINARY_OPERATOR(>=, fn::greater_equal)
LOOM_BINARY_OPERATOR(&&, fn::logical_and)
LOOM_BINARY_OPERATOR(||, fn::logical_or)
LOOM_BINARY_OPERATOR(&, fn::bitwise_and)
LOOM_BINARY_OPERATOR(|, fn::bitwise_or)
LOOM_BINARY_OPERATOR(^, fn::bitwise_xor)

#undef LOOM_BINARY_OPERATOR

template <expression E>
auto operator-(E&& e) {
    return elementwise(fn::negative{}, std::forward<E>(e));
}

template <expression E>
auto operator!(E&& e) {
    return elementwise(fn::logical_not{}, std::forward<E>(e));
}

template <expression E>
auto operator~(E&& e) {
    return elementwise(fn::bitwise_not{}, std::forward<E>(e));
}

}  // namespace loom
