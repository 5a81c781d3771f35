#pragma once
// The NaN-ignoring reductions that reduce/reductions.hpp does not hold, as
// NumPy's: nanprod, nanvar, nanstd, nancumsum and nancumprod, lazy nodes
// built on the reductions (a NaN read as 0 or 1, or left out of the count);
// nanargmin and nanargmax, which read whole lanes (stats/lanes.hpp) and so
// return evaluated tensors. For integers and bool, which hold no NaN, each
// gives what its plain form gives. Includes nothing beyond loom's
// reduction and lane headers.

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

#include "loom/expr/function_node.hpp"
#include "loom/reduce/cumulative.hpp"
#include "loom/reduce/reductions.hpp"
#include "loom/stats/lanes.hpp"

namespace loom {

namespace detail {

// NaN as 1, for nanprod and nancumprod; other values unchanged.
struct nan_as_one {
    template <element T>
    T operator()(T x) const {
        if constexpr (floating_element<T>) return x != x ? T(1) : x;
        else return x;
    }
};

// A total divided by a count, in A, as NumPy divides a float sum by an
// integer count into the sum's type.
template <floating_element A>
struct divide_by_count {
    A operator()(A total, std::int64_t count) const {
        return static_cast<A>(static_cast<double>(total) / static_cast<double>(count));
    }
};

// The squared deviation of x from its centre, 0 for a NaN (nanvar's second pass).
template <floating_element A>
struct nan_squared_deviation {
    template <element T>
    A operator()(T x, A centre) const {
        using C = arithmetic_t<A>;  // float for float16 and bfloat16, as NumPy computes them
        const C value = static_cast<C>(x);
        if (value != value) return A(0);
        const C deviation = static_cast<C>(static_cast<A>(value) - centre);
        return static_cast<A>(deviation * deviation);
    }
};

// The sum of squared deviations divided by count - ddof; NaN where that is
// not positive (as NumPy's nanvar).
template <floating_element A>
struct divide_by_freedom {
    double ddof;
    A operator()(A squares, std::int64_t count) const {
        const double freedom = static_cast<double>(count) - ddof;
        if (!(freedom > 0)) return A(NAN);
        return static_cast<A>(static_cast<double>(squares) / freedom);
    }
};

// The index of the first largest (Largest) or smallest element of [first,
// first + n) that is not NaN, or -1 when there is none.
template <bool Largest, element T>
index_t nan_arg_extreme(const T* first, index_t n) {
    index_t at = -1;
    for (index_t i = 0; i < n; ++i) {
        const T x = first[i];
        if (x != x) continue;
        if (at < 0 || (Largest ? x > first[at] : x < first[at])) at = i;
    }
    return at;
}

template <bool Largest, expression X>
tensor<std::int64_t> nan_arg_reduction(const char* name, const X& x, const axis_set& axis, bool keepdims) {
    using T = value_type_of<X>;
    require_one_axis(name, axis, x.shape());
    const reduced_axes reduced(name, axis, x.shape());
    const index_t n = reduced.extent(x.shape());
    const index_t lanes = lane_count(reduced, x.shape());
    tensor<std::int64_t> result(uninitialized, reduced.result_shape(x.shape(), keepdims));
    const tensor<T> values = lanes_over<T>(x, reduced);
    for (index_t lane = 0; lane < std::max<index_t>(lanes, n == 0 ? 1 : 0); ++lane) {  // empty lanes: even none
        const index_t at = n == 0 ? -1 : nan_arg_extreme<Largest>(values.data() + lane * n, n);
        if (at < 0) {
            throw std::invalid_argument(std::string(name) + ": a slice over the " + reduced.describe() +
                                        " of shape " + to_string(x.shape()) +
                                        " holds no number (all NaN, or empty; NumPy raises ValueError); "
                                        "give slices with a number in each, or use " +
                                        (Largest ? "nanmax" : "nanmin") + ", which gives NaN there");
        }
        result.data()[lane] = at;
    }
    return result;
}

}  // namespace detail

/// numpy.nanprod: prod with NaN counted as 1; sum's result types.
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for an axis given
/// twice.
template <class Dtype = default_dtype, expression X>
auto nanprod(X&& x, const axis_set& axes = flat, bool keepdims = false) {
    using A = detail::dtype_or<Dtype, sum_type_t<value_type_of<X>>>;
    return detail::accumulation<prod_reducer, A>("nanprod", make_node(detail::nan_as_one{}, std::forward<X>(x)), axes,
                                                 keepdims);
}

/// numpy.nancumsum: cumsum with NaN counted as 0 (a leading NaN gives 0).
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for more than one axis.
template <class Dtype = default_dtype, expression X>
auto nancumsum(X&& x, const axis_set& axis = flat) {
    return cumsum<Dtype>(make_node(detail::nan_as_zero{}, std::forward<X>(x)), axis);
}

/// numpy.nancumprod: cumprod with NaN counted as 1.
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for more than one axis.
template <class Dtype = default_dtype, expression X>
auto nancumprod(X&& x, const axis_set& axis = flat) {
    return cumprod<Dtype>(make_node(detail::nan_as_one{}, std::forward<X>(x)), axis);
}

/// numpy.nanvar: the variance of the elements that are not NaN, divided by
/// (count - ddof); NaN where that is not positive (all-NaN slices too).
/// float64 for bool and integers (which hold no NaN: var's result, with var's
/// infinities for count - ddof <= 0, as NumPy), else the float type.
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for an axis given
/// twice.
template <expression X>
auto nanvar(X&& x, const axis_set& axes = flat, index_t ddof = 0, bool keepdims = false) {
    using T = value_type_of<X>;
    if constexpr (!floating_element<T>) {
        return var(std::forward<X>(x), axes, ddof, keepdims);
    } else {
        using count_reducer = sum_reducer<std::int64_t>;
        auto kept_count =
            detail::reduction<count_reducer>("nanvar", make_node(detail::not_nan{}, detail::reuse<X>(x)), axes, true);
        auto total = detail::accumulation<sum_reducer, T>(
            "nanvar", make_node(detail::nan_as_zero{}, detail::reuse<X>(x)), axes, true);
        auto centre = make_node(detail::divide_by_count<T>{}, std::move(total), std::move(kept_count));
        auto squares = detail::accumulation<sum_reducer, T>(
            "nanvar", make_node(detail::nan_squared_deviation<T>{}, detail::reuse<X>(x), std::move(centre)), axes,
            keepdims);
        auto count = detail::reduction<count_reducer>("nanvar", make_node(detail::not_nan{}, std::forward<X>(x)), axes,
                                                      keepdims);
        return make_node(detail::divide_by_freedom<T>{double(ddof)}, std::move(squares), std::move(count));
    }
}

/// numpy.nanstd: the square root of nanvar.
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for an axis given
/// twice.
template <expression X>
auto nanstd(X&& x, const axis_set& axes = flat, index_t ddof = 0, bool keepdims = false) {
    return sqrt(nanvar(std::forward<X>(x), axes, ddof, keepdims));
}

/// numpy.nanargmax: the int64 index of the first largest element that is
/// not NaN along `axis`, or in the flattened array with `flat` (the
/// default). Evaluated: a tensor, not a lazy node.
/// Throws std::invalid_argument for a slice with no number (all NaN, or
/// empty: NumPy's ValueError) and for more than one axis; std::out_of_range
/// for an axis out of range.
template <expression X>
tensor<std::int64_t> nanargmax(const X& x, const axis_set& axis = flat, bool keepdims = false) {
    return detail::nan_arg_reduction<true>("nanargmax", x, axis, keepdims);
}

/// numpy.nanargmin: the int64 index of the first smallest element that is
/// not NaN, as nanargmax. Evaluated: a tensor.
/// Throws as nanargmax.
template <expression X>
tensor<std::int64_t> nanargmin(const X& x, const axis_set& axis = flat, bool keepdims = false) {
    return detail::nan_arg_reduction<false>("nanargmin", x, axis, keepdims);
}

}  // namespace loom
