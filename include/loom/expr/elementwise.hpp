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

}  // namespace loom
