#pragma once
// Shapes in the type: `fixed<3, 4>` (every size known at compile time),
// `rank<2>` (the rank known, the sizes at run time) and `dynamic_shape`
// (neither: tensor<T>'s), and NumPy's broadcasting rule between fixed shapes,
// decided at compile time (Note [static broadcasting]).
//
// Cost of including: <array>, <cstddef>, <utility> and core/shape.hpp.

#include <array>
#include <cstddef>
#include <utility>

#include "loom/core/shape.hpp"

namespace loom {

/// The shape of a tensor<T>: rank and sizes known at run time only (NumPy's only kind of shape).
struct dynamic_shape {};

/// A shape whose sizes are part of the type: `tensor<float, fixed<3, 4>>` (Eigen:
/// `Matrix<float, 3, 4>`; NumPy has no equivalent). Sizes are 0 or more, and the element count is
/// checked at compile time (a count above index_t's range does not compile).
template <index_t... Sizes>
struct fixed {
    static_assert(((Sizes >= 0) && ...), "a fixed shape has sizes of 0 or more");
    static_assert(sizeof...(Sizes) <= max_rank, "a fixed shape has a rank of at most max_rank (64)");
    /// The number of dimensions.
    static constexpr std::size_t rank = sizeof...(Sizes);
    /// The sizes, one per dimension.
    static constexpr std::array<index_t, sizeof...(Sizes)> sizes{Sizes...};
    /// The number of elements (a product that overflows is not a constant, and does not compile).
    static constexpr index_t count = (index_t{1} * ... * Sizes);
    /// The sizes as a run-time shape.
    static shape_type shape() { return shape_type{Sizes...}; }
};

/// A shape whose rank is part of the type and whose sizes are known at run time:
/// `tensor<float, rank<2>>` (Eigen: `Tensor<float, 2>`; NumPy has no equivalent).
template <std::size_t Rank>
struct rank {
    static_assert(Rank <= max_rank, "a rank above max_rank (64)");
    /// The number of dimensions.
    static constexpr std::size_t value = Rank;
};

/// True for the fixed<...> shapes.
template <class S>
inline constexpr bool is_fixed_shape = false;
/// True for the fixed<...> shapes.
template <index_t... Sizes>
inline constexpr bool is_fixed_shape<fixed<Sizes...>> = true;

/// True for the rank<R> shapes.
template <class S>
inline constexpr bool is_rank_shape = false;
/// True for the rank<R> shapes.
template <std::size_t Rank>
inline constexpr bool is_rank_shape<rank<Rank>> = true;

// Note [static broadcasting]: two fixed shapes broadcast by NumPy's rule,
// computed by constexpr functions when the node that meets them is built,
// so that a mismatch is a compile error. The error is the instantiation of
// an undefined class template whose name carries both shapes and the
// dimension, because that is what g++ and clang print on the first line of
// the error (a static_assert's message cannot show template arguments, and
// g++ prints its condition on a later line):
//
//   g++ 12:   error: invalid use of incomplete type 'struct loom::static_shapes_not_broadcastable<
//                    loom::fixed<3, 4>, loom::fixed<5>, loom::at_dimension<1> >'
//   clang 14: error: implicit instantiation of undefined template 'loom::static_shapes_not_broadcastable<
//                    loom::fixed<3, 4>, loom::fixed<5>, loom::at_dimension<1>>'
//
// the compile-time form of broadcast_error's "shapes [3, 4] and [5] are not
// broadcastable: size 4 vs 5 at dimension 1". A broadcast whose elements do
// not fit in index_t is refused the same way (static_broadcast_too_large, the
// run-time rule's std::length_error). Assigning a value of one fixed
// shape into a destination of another is refused the same way
// (static_assignment_shapes_differ).

/// The dimension, of the broadcast result, at which two fixed shapes disagree (in the names of
/// the compile errors of Note [static broadcasting]).
template <index_t Dimension>
struct at_dimension {};

/// Never defined: its name is the compile error of two fixed shapes that do not broadcast
/// (Note [static broadcasting]). Make the sizes at that dimension equal, or one of them 1.
template <class A, class B, class Dimension>
struct static_shapes_not_broadcastable;

/// Never defined: its name is the compile error of two fixed shapes whose broadcast has more
/// elements than index_t counts (Note [static broadcasting]; at run time, std::length_error).
/// Use smaller sizes.
template <class A, class B>
struct static_broadcast_too_large;

/// Never defined: its name is the compile error of assigning a value of fixed shape Value into a
/// destination of fixed shape Destination, which keeps its shape (Note [static broadcasting]).
/// Assign a value of the destination's shape, or into a tensor<T>, which takes any shape.
template <class Destination, class Value>
struct static_assignment_shapes_differ;

/// Never defined: its name is the compile error of assigning a value of rank Value to a tensor of
/// rank Destination, which keeps it (Note [static broadcasting]). Assign a value of the
/// destination's rank, or to a tensor<T>, which takes any shape.
template <class Destination, class Value>
struct static_assignment_ranks_differ;

namespace detail {

// Where fixed shapes a and b disagree (a dimension of the result), or -1.
template <std::size_t RA, std::size_t RB>
constexpr index_t first_mismatch(const std::array<index_t, RA>& a, const std::array<index_t, RB>& b) {
    constexpr std::size_t rank = RA > RB ? RA : RB;
    for (std::size_t d = 0; d < rank; ++d) {
        const index_t x = d + RA >= rank ? a[d + RA - rank] : 1;
        const index_t y = d + RB >= rank ? b[d + RB - rank] : 1;
        if (x != y && x != 1 && y != 1) return static_cast<index_t>(d);
    }
    return -1;
}

// The broadcast of fixed shapes a and b, which do (first_mismatch is -1).
template <std::size_t RA, std::size_t RB>
constexpr auto broadcast_sizes(const std::array<index_t, RA>& a, const std::array<index_t, RB>& b) {
    constexpr std::size_t rank = RA > RB ? RA : RB;
    std::array<index_t, rank> result{};
    for (std::size_t d = 0; d < rank; ++d) {
        const index_t x = d + RA >= rank ? a[d + RA - rank] : 1;
        const index_t y = d + RB >= rank ? b[d + RB - rank] : 1;
        result[d] = x == 1 ? y : x;
    }
    return result;
}

template <bool Broadcastable, class A, class B, class Dimension>
struct broadcast_verdict {
    static constexpr bool value = true;
};
template <class A, class B, class Dimension>
struct broadcast_verdict<false, A, B, Dimension> : static_shapes_not_broadcastable<A, B, Dimension> {
    static constexpr bool value = false;
};

template <bool Countable, class A, class B>
struct count_verdict {
    static constexpr bool value = true;
};
template <class A, class B>
struct count_verdict<false, A, B> : static_broadcast_too_large<A, B> {
    static constexpr bool value = false;
};

template <bool Equal, class Destination, class Value>
struct assignment_verdict {
    static constexpr bool value = true;
};
template <class Destination, class Value>
struct assignment_verdict<false, Destination, Value> : static_assignment_shapes_differ<Destination, Value> {
    static constexpr bool value = false;
};

template <bool Equal, class Destination, class Value>
struct rank_verdict {
    static constexpr bool value = true;
};
template <class Destination, class Value>
struct rank_verdict<false, Destination, Value> : static_assignment_ranks_differ<Destination, Value> {
    static constexpr bool value = false;
};

template <class A, class B>
struct broadcast_two_fixed;
template <index_t... A, index_t... B>
struct broadcast_two_fixed<fixed<A...>, fixed<B...>> {
    static constexpr index_t mismatch = first_mismatch(fixed<A...>::sizes, fixed<B...>::sizes);
    static_assert(broadcast_verdict<mismatch < 0, fixed<A...>, fixed<B...>, at_dimension<mismatch>>::value);
    static constexpr auto sizes = broadcast_sizes(fixed<A...>::sizes, fixed<B...>::sizes);
    static_assert(count_verdict<checked_element_count(sizes).has_value(), fixed<A...>, fixed<B...>>::value);
    template <std::size_t... I>
    static fixed<sizes[I]...> of(std::index_sequence<I...>);
    using type = decltype(of(std::make_index_sequence<sizes.size()>{}));
};

template <class... Shapes>
struct broadcast_fixed_all;
template <class Shape>
struct broadcast_fixed_all<Shape> {
    using type = Shape;
};
template <class A, class B, class... Rest>
struct broadcast_fixed_all<A, B, Rest...> {
    using type = typename broadcast_fixed_all<typename broadcast_two_fixed<A, B>::type, Rest...>::type;
};

// Refuses, at compile time, `Given` integer indices for an element of a tensor of static rank `Rank`:
// where the rank is in the type, x(0) on a matrix is a mistake the compiler can name (NumPy's x[0]).
template <std::size_t Given, std::size_t Rank>
constexpr void require_element_indices() {
    static_assert(Given == Rank, "loom: an element of a tensor of static rank takes one integer index per "
                                 "dimension; for the view NumPy's x[i] gives, write x(i, ellipsis)");
}

}  // namespace detail

/// The fixed shape NumPy's rule gives operands of fixed shapes `Shapes`, taken left to right; a
/// mismatch does not compile (Note [static broadcasting]).
template <class... Shapes>
using broadcast_fixed_t = typename detail::broadcast_fixed_all<Shapes...>::type;

}  // namespace loom
