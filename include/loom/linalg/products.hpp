#pragma once
// NumPy's other products, built on matmul and the reductions: tensordot
// (the general contraction: its operands are seen, as views, as one matrix
// each, copied only when no strides can describe that, as numpy.reshape),
// dot, inner, vdot, outer and trace. Each returns a new tensor; the result
// types are NumPy's (promote_t of the operands; trace sums as sum does).

#include <algorithm>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "loom/core/axis.hpp"
#include "loom/core/shape.hpp"
#include "loom/core/types.hpp"
#include "loom/linalg/matmul.hpp"
#include "loom/manipulate/manipulation.hpp"
#include "loom/reduce/reductions.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom {

/// The axes tensordot sums over: the same number of axes of a and of b,
/// paired in order.
struct contraction_axes {
    /// The axes of a.
    std::vector<index_t> a, b;
    /// \var contraction_axes::b
    /// The axes of b, paired in order with those of a.
};

namespace detail {

[[noreturn]] inline void throw_contraction(const char* name, const shape_type& a, const shape_type& b,
                                           const std::string& what) {
    throw std::invalid_argument(std::string(name) + ": a has shape " + to_string(a) + " and b has shape " +
                                to_string(b) + "; " + what);
}

// The contraction of `a` and `b` over `axes`: a's other axes, then b's.
template <class VA, class VB>
auto contract(const char* name, const VA& a, const VB& b, const contraction_axes& axes) {
    using R = promote_t<value_type_of<VA>, value_type_of<VB>>;
    if (axes.a.size() != axes.b.size()) {
        throw_contraction(name, a.shape(), b.shape(),
                          "give as many axes of a as of b to sum over, not " + std::to_string(axes.a.size()) + " and " +
                              std::to_string(axes.b.size()));
    }
    std::vector<int> summed_a(a.ndim(), 0), summed_b(b.ndim(), 0);
    std::vector<index_t> order_a, order_b;  // a: free, then summed; b: summed, then free
    for (std::size_t j = 0; j < axes.a.size(); ++j) {
        const std::size_t da = resolve_axis(name, axes.a[j], a.shape());
        const std::size_t db = resolve_axis(name, axes.b[j], b.shape());
        if (summed_a[da] != 0 || summed_b[db] != 0) {
            throw_contraction(name, a.shape(), b.shape(), "an axis is given twice; give each axis once");
        }
        if (a.shape()[da] != b.shape()[db]) {
            throw_contraction(name, a.shape(), b.shape(),
                              "axis " + std::to_string(da) + " of a (size " + std::to_string(a.shape()[da]) +
                                  ") and axis " + std::to_string(db) + " of b (size " + std::to_string(b.shape()[db]) +
                                  ") are summed together and must have the same size");
        }
        summed_a[da] = summed_b[db] = 1;
    }
    shape_type result_shape;
    for (std::size_t d = 0; d < a.ndim(); ++d) {
        if (summed_a[d] != 0) continue;
        order_a.push_back(static_cast<index_t>(d));
        result_shape.push_back(a.shape()[d]);
    }
    for (index_t axis : axes.a) order_a.push_back(static_cast<index_t>(resolve_axis(name, axis, a.shape())));
    for (index_t axis : axes.b) order_b.push_back(static_cast<index_t>(resolve_axis(name, axis, b.shape())));
    for (std::size_t d = 0; d < b.ndim(); ++d) {
        if (summed_b[d] != 0) continue;
        order_b.push_back(static_cast<index_t>(d));
        result_shape.push_back(b.shape()[d]);
    }
    // The result is allocated, its size checked, before either operand is
    // seen as a matrix, which may copy a broadcast operand whole: a result
    // without elements, or sums over an empty axis, need no product at all.
    // Otherwise m * k and k * n are the element counts of a and b, which fit.
    tensor<R> result(result_shape);  // zeros: the value of sums of nothing
    const auto size_over = [](const shape_type& shape, std::span<const index_t> dims) {
        index_t count = 1;
        for (const index_t d : dims) count *= shape[static_cast<std::size_t>(d)];
        return count;
    };
    const std::size_t free_a = a.ndim() - axes.a.size();
    const std::span<const index_t> kept_a = std::span<const index_t>(order_a).first(free_a);
    const std::span<const index_t> summed = std::span<const index_t>(order_a).subspan(free_a);
    if (result.size() == 0 ||
        std::any_of(summed.begin(), summed.end(), [&](index_t d) { return a.shape()[static_cast<std::size_t>(d)] == 0; })) {
        return result;
    }
    const index_t k = size_over(a.shape(), summed);
    const index_t m = size_over(a.shape(), kept_a);
    const index_t n = size_over(b.shape(), std::span<const index_t>(order_b).subspan(axes.b.size()));
    const auto left = reshape(permute(a, order_a), {m, k});
    const auto right = reshape(permute(b, order_b), {k, n});
    tensor_view<R> as_matrix(result.data(), strided_layout(shape_type{m, n}));  // the result, seen as m x n
    assign(as_matrix, matmul(left, right), assignment::fresh);
    return result;
}

}  // namespace detail

/// numpy.tensordot(a, b, axes): sums over the pairs of axes given, the
/// result having a's other axes, then b's.
/// Throws std::invalid_argument when the paired axes differ in number or in size,
/// std::out_of_range for an axis out of range.
template <expression X, expression Y>
auto tensordot(X&& a, Y&& b, const contraction_axes& axes) {
    return detail::contract("tensordot", const_view_of(std::forward<X>(a)), const_view_of(std::forward<Y>(b)), axes);
}

/// numpy.tensordot(a, b, n): sums over the last n axes of a and the first n of b.
/// Throws std::invalid_argument when n exceeds a rank or the summed sizes differ.
template <expression X, expression Y>
auto tensordot(X&& a, Y&& b, index_t n = 2) {
    const auto va = const_view_of(std::forward<X>(a));
    const auto vb = const_view_of(std::forward<Y>(b));
    const auto rank_a = static_cast<index_t>(va.ndim()), rank_b = static_cast<index_t>(vb.ndim());
    if (n < 0 || n > rank_a || n > rank_b) {
        detail::throw_contraction("tensordot", va.shape(), vb.shape(),
                                  "cannot sum over " + std::to_string(n) + " axes of each; give 0 to " +
                                      std::to_string(std::min(rank_a, rank_b)));
    }
    contraction_axes axes;
    for (index_t j = 0; j < n; ++j) {
        axes.a.push_back(rank_a - n + j);
        axes.b.push_back(j);
    }
    return detail::contract("tensordot", va, vb, axes);
}

/// numpy.dot: a product by a scalar when either has rank 0, the sum over
/// a's last axis and b's only axis when b has rank 1, otherwise over a's
/// last axis and b's second last (matmul for matrices; stacks of matrices
/// are not batched, as NumPy's dot).
/// Throws std::invalid_argument when the summed sizes differ.
template <expression X, expression Y>
auto dot(X&& a, Y&& b) {
    using R = promote_t<value_type_of<X>, value_type_of<Y>>;
    const auto va = const_view_of(std::forward<X>(a));
    const auto vb = const_view_of(std::forward<Y>(b));
    if (va.ndim() == 0 || vb.ndim() == 0) return tensor<R>(va * vb);
    const index_t b_axis = vb.ndim() == 1 ? 0 : -2;
    if (va.shape().back() != vb.shape()[vb.ndim() == 1 ? 0 : vb.ndim() - 2]) {
        detail::throw_contraction("dot", va.shape(), vb.shape(),
                                  "the last size of a, " + std::to_string(va.shape().back()) +
                                      ", and the " + (vb.ndim() == 1 ? "only" : "second last") + " size of b, " +
                                      std::to_string(vb.shape()[vb.ndim() == 1 ? 0 : vb.ndim() - 2]) +
                                      ", must agree");
    }
    return detail::contract("dot", va, vb, {{-1}, {b_axis}});
}

/// numpy.inner: a product by a scalar when either has rank 0, otherwise the
/// sum over the last axes of both.
/// Throws std::invalid_argument when the last sizes differ.
template <expression X, expression Y>
auto inner(X&& a, Y&& b) {
    using R = promote_t<value_type_of<X>, value_type_of<Y>>;
    const auto va = const_view_of(std::forward<X>(a));
    const auto vb = const_view_of(std::forward<Y>(b));
    if (va.ndim() == 0 || vb.ndim() == 0) return tensor<R>(va * vb);
    return detail::contract("inner", va, vb, {{-1}, {-1}});
}

/// numpy.vdot: the sum of the products of the flattened operands, which
/// must have as many elements, the first conjugated when complex; a rank-0
/// tensor.
/// Throws std::invalid_argument when the element counts differ.
template <expression X, expression Y>
auto vdot(X&& a, Y&& b) {
    using R = promote_t<value_type_of<X>, value_type_of<Y>>;
    const auto va = const_view_of(std::forward<X>(a));
    const auto vb = const_view_of(std::forward<Y>(b));
    if (va.size() != vb.size()) {
        detail::throw_contraction("vdot", va.shape(), vb.shape(),
                                  std::to_string(va.size()) + " and " + std::to_string(vb.size()) +
                                      " elements; give arrays of as many elements");
    }
    if constexpr (complex_element<value_type_of<X>>)
        return tensor<R>(sum<R>(conjugate(reshape(va, {-1})) * reshape(vb, {-1})));  // as NumPy: a conjugated
    else
        return tensor<R>(sum<R>(reshape(va, {-1}) * reshape(vb, {-1})));
}

/// numpy.outer: every element of the flattened a times every element of
/// the flattened b, as a matrix.
/// Throws std::length_error for more elements than index_t counts.
template <expression X, expression Y>
auto outer(X&& a, Y&& b) {
    using R = promote_t<value_type_of<X>, value_type_of<Y>>;
    const auto va = const_view_of(std::forward<X>(a));
    const auto vb = const_view_of(std::forward<Y>(b));
    // Allocated first: an empty result copies no broadcast operand, and a
    // size that overflows is refused before anything is copied.
    tensor<R> result(shape_type{va.size(), vb.size()});
    if (result.size() != 0) assign(result, reshape(va, {-1, 1}) * reshape(vb, {1, -1}), assignment::fresh);
    return result;
}

/// numpy.trace: the sum of the diagonal `offset` above the main one of the
/// (axis1, axis2) planes; sum's result type.
/// Throws as diagonal does: std::invalid_argument below rank 2 or for the same axis twice,
/// std::out_of_range for an axis out of range.
template <expression X>
auto trace(X&& x, index_t offset = 0, index_t axis1 = 0, index_t axis2 = 1) {
    using R = sum_type_t<value_type_of<X>>;
    return tensor<R>(sum(diagonal(std::forward<X>(x), offset, axis1, axis2), -1));
}

}  // namespace loom
