#pragma once
// Each operation as the loom call a node spells: `a + b`, `add(a, b)`,
// `add(a, b, broadcast::none)`, `pow(a, b)`, `-a`, `abs(a)`, ... The symbol,
// function and alias spellings build the same node type, so they cost one
// instantiation of the loop engine between them (Note [instantiation budget]).

#include <optional>
#include <stdexcept>
#include <string>

#include "model.hpp"

namespace loom::differential {

template <operation Op>
struct calls;

// Each macro defines calls<operation::op>: function() calls loom::op, and
// symbol() or alias() spell the same call another way.
#define LOOM_DIFFERENTIAL_FUNCTION(op)                                    \
    template <>                                                           \
    struct calls<operation::op> {                                         \
        static auto function(const auto&... x) { return loom::op(x...); } \
    };
#define LOOM_DIFFERENTIAL_UNARY_SYMBOL(op, symbol_token)                  \
    template <>                                                           \
    struct calls<operation::op> {                                         \
        static auto function(const auto&... x) { return loom::op(x...); } \
        static auto symbol(const auto& a) { return symbol_token a; }      \
    };
#define LOOM_DIFFERENTIAL_BINARY_SYMBOL(op, symbol_token)                             \
    template <>                                                                       \
    struct calls<operation::op> {                                                     \
        static auto function(const auto&... x) { return loom::op(x...); }             \
        static auto symbol(const auto& a, const auto& b) { return a symbol_token b; } \
    };
#define LOOM_DIFFERENTIAL_ALIAS(op, alias_name)                                \
    template <>                                                                \
    struct calls<operation::op> {                                              \
        static auto function(const auto&... x) { return loom::op(x...); }      \
        static auto alias(const auto&... x) { return loom::alias_name(x...); } \
    };

LOOM_DIFFERENTIAL_UNARY_SYMBOL(negative, -)
LOOM_DIFFERENTIAL_ALIAS(absolute, abs)
LOOM_DIFFERENTIAL_FUNCTION(square)
LOOM_DIFFERENTIAL_FUNCTION(sign)
LOOM_DIFFERENTIAL_FUNCTION(sqrt)
LOOM_DIFFERENTIAL_FUNCTION(exp)
LOOM_DIFFERENTIAL_FUNCTION(log)
LOOM_DIFFERENTIAL_FUNCTION(log1p)
LOOM_DIFFERENTIAL_FUNCTION(expm1)
LOOM_DIFFERENTIAL_FUNCTION(sin)
LOOM_DIFFERENTIAL_FUNCTION(cos)
LOOM_DIFFERENTIAL_FUNCTION(tan)
LOOM_DIFFERENTIAL_FUNCTION(tanh)
LOOM_DIFFERENTIAL_FUNCTION(sigmoid)
LOOM_DIFFERENTIAL_FUNCTION(floor)
LOOM_DIFFERENTIAL_FUNCTION(ceil)
LOOM_DIFFERENTIAL_FUNCTION(round)
LOOM_DIFFERENTIAL_FUNCTION(isnan)
LOOM_DIFFERENTIAL_FUNCTION(isinf)
LOOM_DIFFERENTIAL_UNARY_SYMBOL(logical_not, !)
LOOM_DIFFERENTIAL_BINARY_SYMBOL(add, +)
LOOM_DIFFERENTIAL_BINARY_SYMBOL(subtract, -)
LOOM_DIFFERENTIAL_BINARY_SYMBOL(multiply, *)
LOOM_DIFFERENTIAL_FUNCTION(floor_divide)
LOOM_DIFFERENTIAL_ALIAS(power, pow)
LOOM_DIFFERENTIAL_FUNCTION(maximum)
LOOM_DIFFERENTIAL_FUNCTION(minimum)
LOOM_DIFFERENTIAL_BINARY_SYMBOL(equal, ==)
LOOM_DIFFERENTIAL_BINARY_SYMBOL(not_equal, !=)
LOOM_DIFFERENTIAL_BINARY_SYMBOL(less, <)
LOOM_DIFFERENTIAL_BINARY_SYMBOL(less_equal, <=)
LOOM_DIFFERENTIAL_BINARY_SYMBOL(greater, >)
LOOM_DIFFERENTIAL_BINARY_SYMBOL(greater_equal, >=)
LOOM_DIFFERENTIAL_BINARY_SYMBOL(logical_and, &&)
LOOM_DIFFERENTIAL_BINARY_SYMBOL(logical_or, ||)
LOOM_DIFFERENTIAL_FUNCTION(logical_xor)
LOOM_DIFFERENTIAL_BINARY_SYMBOL(bitwise_and, &)
LOOM_DIFFERENTIAL_BINARY_SYMBOL(bitwise_or, |)
LOOM_DIFFERENTIAL_BINARY_SYMBOL(bitwise_xor, ^)
LOOM_DIFFERENTIAL_FUNCTION(where)
LOOM_DIFFERENTIAL_FUNCTION(clip)
LOOM_DIFFERENTIAL_FUNCTION(log2)
LOOM_DIFFERENTIAL_FUNCTION(log10)
LOOM_DIFFERENTIAL_FUNCTION(exp2)
LOOM_DIFFERENTIAL_FUNCTION(cbrt)
LOOM_DIFFERENTIAL_FUNCTION(arcsin)
LOOM_DIFFERENTIAL_FUNCTION(arccos)
LOOM_DIFFERENTIAL_FUNCTION(arctan)
LOOM_DIFFERENTIAL_FUNCTION(sinh)
LOOM_DIFFERENTIAL_FUNCTION(cosh)
LOOM_DIFFERENTIAL_FUNCTION(arcsinh)
LOOM_DIFFERENTIAL_FUNCTION(arccosh)
LOOM_DIFFERENTIAL_FUNCTION(arctanh)
LOOM_DIFFERENTIAL_ALIAS(deg2rad, radians)
LOOM_DIFFERENTIAL_ALIAS(rad2deg, degrees)
LOOM_DIFFERENTIAL_FUNCTION(trunc)
LOOM_DIFFERENTIAL_FUNCTION(reciprocal)
LOOM_DIFFERENTIAL_FUNCTION(isfinite)
LOOM_DIFFERENTIAL_FUNCTION(relu)
LOOM_DIFFERENTIAL_FUNCTION(arctan2)
LOOM_DIFFERENTIAL_FUNCTION(hypot)
LOOM_DIFFERENTIAL_FUNCTION(copysign)
LOOM_DIFFERENTIAL_FUNCTION(heaviside)
LOOM_DIFFERENTIAL_FUNCTION(logaddexp)
LOOM_DIFFERENTIAL_FUNCTION(logaddexp2)
LOOM_DIFFERENTIAL_FUNCTION(fmax)
LOOM_DIFFERENTIAL_FUNCTION(fmin)

#undef LOOM_DIFFERENTIAL_FUNCTION
#undef LOOM_DIFFERENTIAL_UNARY_SYMBOL
#undef LOOM_DIFFERENTIAL_BINARY_SYMBOL
#undef LOOM_DIFFERENTIAL_ALIAS

// Three spellings and a third name each: written out, not generated.
template <>
struct calls<operation::divide> {
    static auto function(const auto&... x) { return loom::divide(x...); }
    static auto symbol(const auto& a, const auto& b) { return a / b; }
    static auto alias(const auto&... x) { return loom::true_divide(x...); }
};
template <>
struct calls<operation::remainder> {
    static auto function(const auto&... x) { return loom::remainder(x...); }
    static auto symbol(const auto& a, const auto& b) { return a % b; }
    static auto alias(const auto&... x) { return loom::mod(x...); }
};
// With replacements of both kinds: NaN and -inf given (-1e300 is -inf in
// float32), +inf left to its default, the largest finite value.
template <>
struct calls<operation::nan_to_num> {
    static auto function(const auto& a) { return loom::nan_to_num(a, 2.5, std::nullopt, -1e300); }
};
template <>
struct calls<operation::bitwise_not> {
    static auto function(const auto& a) { return loom::bitwise_not(a); }
    static auto symbol(const auto& a) { return ~a; }
    static auto alias(const auto& a) { return loom::invert(a); }
};

[[noreturn]] inline void not_instantiated(operation op, const std::string& types) {
    throw std::logic_error(std::string("the differential evaluator does not instantiate ") + info(op).function +
                           " on " + types + " (see catalogue.hpp, Note [instantiation budget])");
}

/// The value of a loom expression, as a new tensor.
template <class E>
any_tensor result(const E& e) {
    return any_tensor(loom::eval(e));
}

/// `Op` applied to `operands` as `s` spells it (symbol, function or alias;
/// not a spec spelling), evaluated.
template <operation Op, class... Operands>
any_tensor call(spelling s, const Operands&... operands) {
    using spelled = calls<Op>;
    if constexpr (requires { spelled::symbol(operands...); }) {
        if (s == spelling::symbol) return result(spelled::symbol(operands...));
    }
    if constexpr (requires { spelled::alias(operands...); }) {
        if (s == spelling::alias) return result(spelled::alias(operands...));
    }
    if (s != spelling::function) not_instantiated(Op, "this spelling");
    return result(spelled::function(operands...));
}

template <class T>
const tensor<T>& as(const any_tensor& t) {
    return std::get<tensor<T>>(t);
}

/// The value of a rank-0 scalar operand, as its C++ type.
template <class S>
S scalar_value(const any_tensor& scalar) {
    return as<S>(scalar).data()[0];
}

}  // namespace loom::differential
