#pragma once
// What each reduction computes, apart from how the loop reaches the
// elements: its accumulator type, its identity (the value of an empty
// extent), and how it folds one element, or one partial result, into
// another. The kernel (reduce_kernel.hpp) does the rest.
//
// Result types are NumPy's: sum and prod of bool and of signed integers give
// int64, of unsigned integers uint64 (narrower types widen, as NumPy's
// default `dtype=None` does), of floats their own type; min and max keep the
// element type; any and all give bool. Integer arithmetic wraps around, as
// in NumPy, and never overflows in C++ terms (fn::add and fn::multiply).

#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "loom/core/types.hpp"
#include "loom/expr/functors_arithmetic.hpp"

namespace loom {

namespace detail {

template <class T>
struct default_sum_type {
    using type = T;
};
template <>
struct default_sum_type<bool> {
    using type = std::int64_t;
};
template <std::integral T>
    requires(!std::same_as<T, bool>)
struct default_sum_type<T> {
    using type = std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>;
};

}  // namespace detail

/// The type NumPy's sum and prod give for elements of type T.
template <element T>
using sum_type_t = typename detail::default_sum_type<T>::type;

/// The default of a reduction's `Dtype` template argument (NumPy's `dtype=`):
/// NumPy's result type.
struct default_dtype {};

namespace detail {
template <class Dtype, class Default>
using dtype_or = std::conditional_t<std::same_as<Dtype, default_dtype>, Default, Dtype>;
}  // namespace detail

/// Sums; floats are summed pairwise (Note [pairwise sums] in reduce_kernel.hpp).
template <element A>
struct sum_reducer {
    using accumulator = A;
    using function = fn::add;  ///< combine's element-wise function, whose batch form folds batches
    static constexpr A identity() { return A(0); }
    static A combine(A a, A b) { return function{}(a, b); }
};

template <element A>
struct prod_reducer {
    using accumulator = A;
    using function = fn::multiply;  ///< as in sum_reducer
    static constexpr A identity() { return A(1); }
    static A combine(A a, A b) { return function{}(a, b); }
};

/// max, with NumPy's NaN rule: a NaN anywhere gives NaN.
template <element A>
struct max_reducer {
    static_assert(!complex_element<A>, "loom: complex numbers have no order, so no max; take it of abs(z) or real(z)");
    using accumulator = A;
    using function = fn::fold_max;  ///< as in sum_reducer
    static constexpr A identity() {
        if constexpr (floating_element<A>) return -std::numeric_limits<A>::infinity();
        else return std::numeric_limits<A>::lowest();
    }
    static A combine(A a, A b) { return function{}(a, b); }
};

/// min, with NumPy's NaN rule: a NaN anywhere gives NaN.
template <element A>
struct min_reducer {
    static_assert(!complex_element<A>, "loom: complex numbers have no order, so no min; take it of abs(z) or real(z)");
    using accumulator = A;
    using function = fn::fold_min;  ///< as in sum_reducer
    static constexpr A identity() {
        if constexpr (floating_element<A>) return std::numeric_limits<A>::infinity();
        else return std::numeric_limits<A>::max();
    }
    static A combine(A a, A b) { return function{}(a, b); }
};

/// max ignoring NaN (NumPy's nanmax): NaN only when every element is NaN.
template <floating_element A>
struct nanmax_reducer {
    using accumulator = A;
    static constexpr A identity() { return std::numeric_limits<A>::quiet_NaN(); }
    static A combine(A a, A b) { return (a >= b || b != b) ? a : b; }  // a NaN a gives way to any b
};

/// min ignoring NaN (NumPy's nanmin).
template <floating_element A>
struct nanmin_reducer {
    using accumulator = A;
    static constexpr A identity() { return std::numeric_limits<A>::quiet_NaN(); }
    static A combine(A a, A b) { return (a <= b || b != b) ? a : b; }
};

struct any_reducer {
    using accumulator = bool;
    static constexpr bool identity() { return false; }
    static bool combine(bool a, bool b) { return a || b; }
};

struct all_reducer {
    using accumulator = bool;
    static constexpr bool identity() { return true; }
    static bool combine(bool a, bool b) { return a && b; }
};

/// What a reducer's kernel needs of it.
template <class R>
concept reducer = requires(typename R::accumulator a) {
    { R::identity() } -> std::same_as<typename R::accumulator>;
    { R::combine(a, a) } -> std::same_as<typename R::accumulator>;
};

}  // namespace loom
