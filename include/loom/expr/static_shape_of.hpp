#pragma once
// The shape an expression has in its type: `static_shape_of_t<E>` is a
// fixed<...> when E's shape is known at compile time (a tensor of fixed
// shape, a C++ scalar, an element-wise node of such operands, broadcast by
// NumPy's rule at compile time: Note [static broadcasting] in
// core/static_shape.hpp), and dynamic_shape otherwise.
//
// Cost of including: <cstddef>, <type_traits> and core/static_shape.hpp.

#include <cstddef>
#include <type_traits>

#include "loom/core/static_shape.hpp"

namespace loom {

namespace detail {

template <class E>
struct static_shape_of {
    using type = dynamic_shape;
};
template <class E>
    requires requires { typename E::static_shape; }
struct static_shape_of<E> {
    using type = typename E::static_shape;
};

}  // namespace detail

/// The fixed shape of expression E known at compile time (a fixed<...>), or dynamic_shape.
template <class E>
using static_shape_of_t = typename detail::static_shape_of<std::remove_cvref_t<E>>::type;

/// An expression whose whole shape is known at compile time.
template <class E>
concept statically_shaped = is_fixed_shape<static_shape_of_t<E>>;

namespace detail {

template <bool AllFixed, class... Operands>
struct node_static_shape {
    using type = dynamic_shape;
};
template <class... Operands>
struct node_static_shape<true, Operands...> {
    using type = broadcast_fixed_t<static_shape_of_t<Operands>...>;
};

// The first operand whose fixed shape is the node's, or -1 (the compile-time
// form of broadcast_source).
template <class Shape, class... Operands>
constexpr int static_source() {
    int source = -1;
    int k = 0;
    (void)((std::is_same_v<static_shape_of_t<Operands>, Shape> ? (source = k, true) : (++k, false)) || ...);
    return source;
}

}  // namespace detail

namespace detail {

template <class E>
constexpr std::ptrdiff_t static_rank_of() {
    if constexpr (is_fixed_shape<static_shape_of_t<E>>) return static_cast<std::ptrdiff_t>(static_shape_of_t<E>::rank);
    else if constexpr (requires { std::remove_cvref_t<E>::static_rank; }) return std::remove_cvref_t<E>::static_rank;
    else return -1;
}

}  // namespace detail

/// The rank of expression E when it is known at compile time (a tensor of fixed shape or of
/// rank<R>, a scalar, an element-wise node of them), -1 otherwise.
template <class E>
inline constexpr std::ptrdiff_t static_rank_of_v = detail::static_rank_of<E>();

/// The rank of an element-wise node of `Operands` when every operand's is known at compile time
/// (the largest: NumPy's rule aligns them on the right), -1 otherwise.
template <class... Operands>
inline constexpr std::ptrdiff_t node_static_rank_v = [] {
    if (((static_rank_of_v<Operands> < 0) || ...)) return std::ptrdiff_t{-1};
    std::ptrdiff_t rank = 0;
    ((rank = static_rank_of_v<Operands> > rank ? static_rank_of_v<Operands> : rank), ...);
    return rank;
}();

/// The fixed shape of an element-wise node of `Operands` when every operand has one (their
/// broadcast, which must exist: Note [static broadcasting]), dynamic_shape otherwise.
template <class... Operands>
using node_static_shape_t =
    typename detail::node_static_shape<(statically_shaped<Operands> && ...), Operands...>::type;

}  // namespace loom
