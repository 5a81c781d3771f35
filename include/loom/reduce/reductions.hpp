#pragma once
// The reductions, with NumPy's names, arguments and result types:
//
//   sum(x)                      every axis (NumPy's axis=None), a rank-0 result
//   sum(x, 1)                   one axis, negative counting from the end
//   sum(x, {0, 2}, true)        several axes, keepdims
//   sum<double>(x, flat, true)  NumPy's dtype=: the accumulator and result type
//
// Each returns a lazy expression (reduction_node.hpp): assigned, it is
// computed straight into the destination; inside a larger expression, once
// per assignment. The operand may be any expression, read in one pass.

#include <cmath>
#include <concepts>
#include <type_traits>
#include <utility>

#include "loom/core/checked_arithmetic.hpp"
#include "loom/core/types.hpp"
#include "loom/expr/expression.hpp"
#include "loom/expr/functions.hpp"
#include "loom/expr/operators.hpp"
#include "loom/reduce/axes.hpp"
#include "loom/reduce/reducers.hpp"
#include "loom/reduce/reduction_node.hpp"

namespace loom {

namespace detail {

template <reducer R, expression X>
auto reduction(const char* name, X&& x, const axis_set& axes, bool keepdims, bool has_identity = true,
               reduction_finish finish = reduction_finish::none) {
    return reduction_node<R, closure_t<X&&>>(name, std::forward<X>(x), axes, keepdims, has_identity, finish);
}

// A sum or product into A: float16 and bfloat16 accumulate in float32 and
// round once at the end, as NumPy's inner loops do; other types in A.
template <template <class> class Reducer, class A, expression X>
auto accumulation(const char* name, X&& x, const axis_set& axes, bool keepdims,
                  reduction_finish finish = reduction_finish::none) {
    if constexpr (half_element<A>)
        return make_node(fn::cast<A>{},
                         reduction<Reducer<float>>(name, std::forward<X>(x), axes, keepdims, true, finish));
    else
        return reduction<Reducer<A>>(name, std::forward<X>(x), axes, keepdims, true, finish);
}

// mean's accumulator and result: double for bool and integers, else the float type.
template <element T>
using mean_type_t = std::conditional_t<floating_element<T> || complex_element<T>, T, double>;

// NaN as 0, for nansum; other values unchanged.
struct nan_as_zero {
    template <element T>
    T operator()(T x) const {
        if constexpr (floating_element<T>) return x != x ? T(0) : x;
        else if constexpr (complex_element<T>) return x != x ? T(0) : x;  // a NaN in either part, as NumPy
        else return x;
    }
};

// `x` for a second use: an lvalue is referred to again, an rvalue copied,
// so that each node that reads it owns one (Note [closure rule]).
template <class X>
std::conditional_t<std::is_lvalue_reference_v<X>, X, std::remove_cvref_t<X>> reuse(X& x) {
    return x;
}

// 1 for an element that is not NaN, for nanmean's count.
struct not_nan {
    template <element T>
    bool operator()(T x) const {
        return x == x;
    }
};

}  // namespace detail

/// numpy.sum. Bool and integers narrower than 64 bits widen to int64 (uint64
/// when unsigned); floats are summed pairwise in their own type, float16 and
/// bfloat16 in float32 and rounded once (NumPy rounds a float16 sum along an
/// outer axis at each step; loom's does not depend on the layout).
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for an axis given
/// twice.
template <class Dtype = default_dtype, expression X>
auto sum(X&& x, const axis_set& axes = flat, bool keepdims = false) {
    using A = detail::dtype_or<Dtype, sum_type_t<value_type_of<X>>>;
    return detail::accumulation<sum_reducer, A>("sum", std::forward<X>(x), axes, keepdims);
}

/// numpy.prod, with sum's result types.
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for an axis given
/// twice.
template <class Dtype = default_dtype, expression X>
auto prod(X&& x, const axis_set& axes = flat, bool keepdims = false) {
    using A = detail::dtype_or<Dtype, sum_type_t<value_type_of<X>>>;
    return detail::accumulation<prod_reducer, A>("prod", std::forward<X>(x), axes, keepdims);
}

/// numpy.mean: float64 for bool and integers, else the float type, whose
/// sum accumulates in that type (as NumPy's; float16 and bfloat16 in float32,
/// as NumPy's float16 mean). An empty extent gives NaN.
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for an axis given
/// twice.
template <class Dtype = default_dtype, expression X>
auto mean(X&& x, const axis_set& axes = flat, bool keepdims = false) {
    using A = detail::dtype_or<Dtype, detail::mean_type_t<value_type_of<X>>>;
    static_assert(floating_element<A> || complex_element<A>, "mean's dtype must be a floating or complex type");
    return detail::accumulation<sum_reducer, A>("mean", std::forward<X>(x), axes, keepdims,
                                                reduction_finish::divide_by_extent);
}

/// numpy.max (numpy.amax): NaN if any element is NaN. An empty extent is an error.
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for an axis given
/// twice, or an extent of no elements.
template <expression X>
auto max(X&& x, const axis_set& axes = flat, bool keepdims = false) {
    return detail::reduction<max_reducer<value_type_of<X>>>("max", std::forward<X>(x), axes, keepdims, false);
}

/// numpy.min (numpy.amin): NaN if any element is NaN. An empty extent is an error.
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for an axis given
/// twice, or an extent of no elements.
template <expression X>
auto min(X&& x, const axis_set& axes = flat, bool keepdims = false) {
    return detail::reduction<min_reducer<value_type_of<X>>>("min", std::forward<X>(x), axes, keepdims, false);
}

/// numpy.nanmax: the largest element that is not NaN; NaN where all are.
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for an axis given
/// twice, or an extent of no elements.
template <expression X>
auto nanmax(X&& x, const axis_set& axes = flat, bool keepdims = false) {
    using T = value_type_of<X>;
    if constexpr (floating_element<T>) {
        return detail::reduction<nanmax_reducer<T>>("nanmax", std::forward<X>(x), axes, keepdims, false);
    } else {
        return detail::reduction<max_reducer<T>>("nanmax", std::forward<X>(x), axes, keepdims, false);
    }
}

/// numpy.nanmin: the smallest element that is not NaN; NaN where all are.
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for an axis given
/// twice, or an extent of no elements.
template <expression X>
auto nanmin(X&& x, const axis_set& axes = flat, bool keepdims = false) {
    using T = value_type_of<X>;
    if constexpr (floating_element<T>) {
        return detail::reduction<nanmin_reducer<T>>("nanmin", std::forward<X>(x), axes, keepdims, false);
    } else {
        return detail::reduction<min_reducer<T>>("nanmin", std::forward<X>(x), axes, keepdims, false);
    }
}

/// numpy.nansum: sum with NaN counted as 0.
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for an axis given
/// twice.
template <class Dtype = default_dtype, expression X>
auto nansum(X&& x, const axis_set& axes = flat, bool keepdims = false) {
    using A = detail::dtype_or<Dtype, sum_type_t<value_type_of<X>>>;
    return detail::accumulation<sum_reducer, A>("nansum", make_node(detail::nan_as_zero{}, std::forward<X>(x)), axes,
                                                keepdims);
}

/// numpy.nanmean: the mean of the elements that are not NaN; NaN where there are none.
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for an axis given
/// twice.
template <expression X>
auto nanmean(X&& x, const axis_set& axes = flat, bool keepdims = false) {
    using A = detail::mean_type_t<value_type_of<X>>;
    auto count = detail::accumulation<sum_reducer, A>("nanmean", make_node(detail::not_nan{}, detail::reuse<X>(x)),
                                                      axes, keepdims);
    auto total = detail::accumulation<sum_reducer, A>("nanmean", make_node(detail::nan_as_zero{}, std::forward<X>(x)),
                                                      axes, keepdims);
    return std::move(total) / std::move(count);
}

/// numpy.any: whether some element is non-zero (NaN counts as non-zero).
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for an axis given
/// twice.
template <expression X>
auto any(X&& x, const axis_set& axes = flat, bool keepdims = false) {
    if constexpr (complex_element<value_type_of<X>>)  // a complex number is true when either part is non-zero
        return detail::reduction<any_reducer>("any", std::forward<X>(x) != value_type_of<X>(0), axes, keepdims);
    else
        return detail::reduction<any_reducer>("any", std::forward<X>(x), axes, keepdims);
}

/// numpy.all: whether every element is non-zero (NaN counts as non-zero).
/// Named all_of, not all, because `all` is the index of a whole dimension,
/// `t(all, 1)` (NumPy's `:`, core/indexing.hpp).
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for an axis given
/// twice.
template <expression X>
auto all_of(X&& x, const axis_set& axes = flat, bool keepdims = false) {
    if constexpr (complex_element<value_type_of<X>>)  // as in any
        return detail::reduction<all_reducer>("all_of", std::forward<X>(x) != value_type_of<X>(0), axes, keepdims);
    else
        return detail::reduction<all_reducer>("all_of", std::forward<X>(x), axes, keepdims);
}

/// numpy.var: the mean of the squared deviations from the mean, divided by
/// (n - ddof) instead of n; as NumPy, computed in two passes (the mean, then
/// the squared deviations). NaN (or inf) where n - ddof <= 0, and, as NumPy
/// (whose n - ddof wraps around to a negative count), where n - ddof does not
/// fit in index_t (a ddof near the smallest index_t).
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for an axis given
/// twice.
template <expression X>
auto var(X&& x, const axis_set& axes = flat, index_t ddof = 0, bool keepdims = false) {
    using A = detail::mean_type_t<value_type_of<X>>;
    static_assert(!complex_element<A>,
                  "loom: var and std of complex numbers are not provided; var(real(z)) + var(imag(z)) is NumPy's var(z)");
    const index_t n = reduced_axes("var", axes, x.shape()).extent(x.shape());
    const auto rest = checked_sub(n, ddof);
    const A divisor = static_cast<A>(rest && *rest > 0 ? *rest : 0);
    auto centre = mean<A>(detail::reuse<X>(x), axes, true);
    auto deviations = square(std::forward<X>(x) - std::move(centre));
    return sum<A>(std::move(deviations), axes, keepdims) / divisor;
}

/// numpy.std: the square root of var.
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for an axis given
/// twice.
template <expression X>
auto std(X&& x, const axis_set& axes = flat, index_t ddof = 0, bool keepdims = false) {
    return sqrt(var(std::forward<X>(x), axes, ddof, keepdims));
}

/// numpy.std under the spelling to use: `stddev(x, 0)` is loom::std, which
/// `using namespace loom;` makes ambiguous with namespace std when called
/// unqualified (`std(x, 0)`); loom::std keeps working.
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for an axis given
/// twice.
template <expression X>
auto stddev(X&& x, const axis_set& axes = flat, index_t ddof = 0, bool keepdims = false) {
    return sqrt(var(std::forward<X>(x), axes, ddof, keepdims));
}

/// numpy.count_nonzero over axes, with keepdims: int64 counts.
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for an axis given
/// twice.
template <expression X>
auto count_nonzero(X&& x, const axis_set& axes, bool keepdims = false) {
    return detail::reduction<sum_reducer<std::int64_t>>("count_nonzero", astype<bool>(std::forward<X>(x)), axes,
                                                        keepdims);
}

/// numpy.count_nonzero without an axis: the number of non-zero elements, as a number.
template <expression X>
index_t count_nonzero(X&& x) {
    std::int64_t count = 0;
    evaluate_into(&count, strided_layout(shape_type{}), count_nonzero(std::forward<X>(x), flat), true);
    return count;
}

}  // namespace loom
