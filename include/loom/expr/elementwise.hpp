#pragma once
// Turning operands into nodes: a C++ scalar becomes a scalar_node of the type
// it takes beside the expressions it meets (docs/semantics.md, "Types":
// `float_tensor * 2.0` stays float32), and every element-wise operation
// becomes a function_node over the results.

#include <type_traits>
#include <utility>

#include "loom/expr/function_node.hpp"
#include "loom/expr/scalar_node.hpp"

namespace loom {

namespace detail {

struct no_partner {};

template <class Partner, class Arg>
auto with_partner() {
    if constexpr (!expression<Arg>) return Partner{};
    else if constexpr (std::same_as<Partner, no_partner>) return value_type_of<Arg>{};
    else return promote_t<Partner, value_type_of<Arg>>{};
}

template <class Partner, class... Args>
struct partner_of {
    using type = Partner;
};

template <class Partner, class First, class... Rest>
struct partner_of<Partner, First, Rest...> {
    using type = typename partner_of<decltype(with_partner<Partner, First>()), Rest...>::type;
};

}  // namespace detail

/// The promoted element type of the expressions among `Args` (scalars left
/// out): the type a scalar among them is measured against.
template <class... Args>
using partner_t = typename detail::partner_of<detail::no_partner, Args...>::type;

/// An expression operand as it is (forwarded); a scalar as a scalar_node of
/// the type it takes beside `Partner`.
template <class Partner, class Arg>
decltype(auto) lift(Arg&& arg) {
    if constexpr (expression<Arg>) {
        return std::forward<Arg>(arg);
    } else if constexpr (std::same_as<Partner, detail::no_partner>) {
        return scalar_node<std::remove_cvref_t<Arg>>(arg);
    } else {
        using T = scalar_operand_t<Partner, std::remove_cvref_t<Arg>>;
        return scalar_node<T>(convert_scalar<T>(arg));
    }
}

/// The node of `function` applied element-wise to `args`.
template <class F, class... Args>
auto elementwise(F function, Args&&... args) {
    using partner = partner_t<Args...>;
    return make_node(function, lift<partner>(std::forward<Args>(args))...);
}

/// At least one operand is an expression, so the operation is loom's.
template <class... Args>
concept elementwise_operands = (operand<Args> && ...) && (expression<Args> || ...);

// The overloads of a function `name` of one or two operands whose body is
// `body` (an expression of the parameters e, or l and r), with each parameter
// the node refers to marked LOOM_LIFETIMEBOUND under clang (Note
// [lifetimebound] in expression.hpp): two overloads of one operand and four of
// two, whose constraints (`constraint`, parenthesized, and whether each
// operand is referred) exclude one another. Parameters after the operands,
// if any, come last.
#define LOOM_ELEMENTWISE_OVERLOAD_1(name, constraint, held, mark, body) \
    template <class E>                                                  \
        requires constraint && held                                     \
    auto name(E&& e mark) {                                             \
        return body;                                                    \
    }
#define LOOM_ELEMENTWISE_OVERLOAD_2(name, constraint, left_held, left_mark, right_held, right_mark, body, ...) \
    template <class L, class R>                                                                               \
        requires constraint && left_held && right_held                                                        \
    auto name(L&& l left_mark, R&& r right_mark __VA_OPT__(, ) __VA_ARGS__) {                                \
        return body;                                                                                          \
    }
#if defined(__clang__)
#define LOOM_ELEMENTWISE_OVERLOADS_1(name, constraint, body)                              \
    LOOM_ELEMENTWISE_OVERLOAD_1(name, constraint, referred<E>, LOOM_LIFETIMEBOUND, body) \
    LOOM_ELEMENTWISE_OVERLOAD_1(name, constraint, (!referred<E>), , body)
#define LOOM_ELEMENTWISE_OVERLOADS_2(name, constraint, body, ...)                                                   \
    LOOM_ELEMENTWISE_OVERLOAD_2(name, constraint, referred<L>, LOOM_LIFETIMEBOUND, referred<R>, LOOM_LIFETIMEBOUND, \
                                body, __VA_ARGS__)                                                                  \
    LOOM_ELEMENTWISE_OVERLOAD_2(name, constraint, referred<L>, LOOM_LIFETIMEBOUND, (!referred<R>), , body,          \
                                __VA_ARGS__)                                                                        \
    LOOM_ELEMENTWISE_OVERLOAD_2(name, constraint, (!referred<L>), , referred<R>, LOOM_LIFETIMEBOUND, body,          \
                                __VA_ARGS__)                                                                        \
    LOOM_ELEMENTWISE_OVERLOAD_2(name, constraint, (!referred<L>), , (!referred<R>), , body, __VA_ARGS__)
#else
#define LOOM_ELEMENTWISE_OVERLOADS_1(name, constraint, body) LOOM_ELEMENTWISE_OVERLOAD_1(name, constraint, true, , body)
#define LOOM_ELEMENTWISE_OVERLOADS_2(name, constraint, body, ...) \
    LOOM_ELEMENTWISE_OVERLOAD_2(name, constraint, true, , true, , body, __VA_ARGS__)
#endif

}  // namespace loom
