#pragma once
// Shape manipulation: each function returns a view of the same memory where
// NumPy does (reshape of a layout that allows it, ravel of a contiguous one, unsqueeze,
// squeeze, transpose, permute, swapaxes, moveaxis, flip, diagonal) and a copy
// where NumPy does (flatten; reshape and ravel when the layout does not
// allow a view). Every function also accepts a temporary or any expression,
// whose result the returned view then owns (tensor/view_of.hpp).

#include <algorithm>
#include <initializer_list>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "loom/core/axis.hpp"
#include "loom/core/checked_arithmetic.hpp"
#include "loom/tensor/shape_members.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom {

namespace detail {

inline std::string dims_text(const std::vector<index_t>& dims) {
    return to_string(shape_type(dims.begin(), dims.end()));
}

// `perm` checked as a permutation of [0, rank), negative axes allowed.
inline axis_order checked_permutation(const std::vector<index_t>& perm, const shape_type& shape) {
    const auto fail = [&](const std::string& why) {
        throw std::invalid_argument("axes " + dims_text(perm) + " are not a permutation of the dimensions of " +
                                    to_string(shape) + ": " + why);
    };
    if (perm.size() != shape.size()) fail("give each of the " + std::to_string(shape.size()) + " axes once");
    axis_order axes;
    small_vector<bool, inline_rank> seen(shape.size(), false);
    for (index_t p : perm) {
        const auto axis = detail::nonnegative_axis(p, shape.size());
        if (!axis) fail("axis " + std::to_string(p) + " is out of range");
        if (seen[*axis]) fail("axis " + std::to_string(p) + " is repeated");
        seen[*axis] = true;
        axes.push_back(*axis);
    }
    return axes;
}

inline axis_order identity_order(std::size_t rank) {
    axis_order order(rank);
    for (std::size_t d = 0; d < rank; ++d) order[d] = d;
    return order;
}

}  // namespace detail

/// `x` with a new shape of the same size; one size may be -1 (inferred). A
/// view when the layout allows it, otherwise a copy (as numpy.reshape).
/// Throws std::invalid_argument for sizes whose product is not the size, or a second -1,
/// std::length_error for sizes whose product overflows.
template <expression X>
auto reshape(X&& x, const std::vector<index_t>& sizes) {
    auto v = view_of(std::forward<X>(x));
    const index_t count = v.size();
    shape_type shape(sizes.begin(), sizes.end());
    std::size_t inferred = sizes.size();
    // The product of the sizes other than 0 must fit, as a layout's strides
    // must (row_major_strides), even when a 0 makes the count 0.
    index_t nonzero = 1;
    bool zero = false;
    for (std::size_t d = 0; d < sizes.size(); ++d) {
        if (sizes[d] == -1 && inferred == sizes.size()) {
            inferred = d;
            continue;
        }
        if (sizes[d] < 0) {
            throw std::invalid_argument("cannot reshape " + to_string(v.shape()) + " into " +
                                        detail::dims_text(sizes) +
                                        ": sizes must be 0 or more, with at most one -1 to infer");
        }
        zero = zero || sizes[d] == 0;
        const auto product = checked_mul(nonzero, sizes[d] == 0 ? index_t{1} : sizes[d]);
        if (!product) {
            throw std::length_error("cannot reshape " + to_string(v.shape()) + " into " + detail::dims_text(sizes) +
                                    ": the sizes multiply past what a " +
                                    std::to_string(std::numeric_limits<index_t>::digits + 1) +
                                    "-bit index holds (overflow); use smaller sizes");
        }
        nonzero = *product;
    }
    const index_t known = zero ? 0 : nonzero;
    if (inferred != sizes.size()) {
        if (known == 0) {
            throw std::invalid_argument("cannot reshape " + to_string(v.shape()) + " into " +
                                        detail::dims_text(sizes) +
                                        ": a -1 beside a size of 0 could stand for any size; give every size");
        }
        if (count % known != 0) {
            throw std::invalid_argument("cannot reshape " + to_string(v.shape()) + " (" + std::to_string(count) +
                                        " elements) into " + detail::dims_text(sizes) +
                                        ": no size for -1 makes the element counts match");
        }
        shape[inferred] = count / known;
    } else if (element_count(shape) != count) {
        throw std::invalid_argument("cannot reshape " + to_string(v.shape()) + " (" + std::to_string(count) +
                                    " elements) into " + to_string(shape) + " (" +
                                    std::to_string(element_count(shape)) + " elements); the counts must match");
    }
    if (auto layout = v.layout().reshape(shape)) return v.with_layout(std::move(*layout));
    // The layout does not allow a view: reshape a contiguous copy, as NumPy does.
    decltype(v) copy = view_of(v.copy());
    return copy.with_layout(strided_layout(shape));
}

/// A contiguous rank-1 copy of `x`.
/// NumPy: ndarray.flatten.
template <expression X>
auto flatten(const X& x) {
    tensor<value_type_of<X>> result(uninitialized, shape_type{element_count(x.shape())});
    tensor_view<value_type_of<X>> elements(result.data(), strided_layout(x.shape()));  // result, seen as x's shape
    assign(elements, x, assignment::fresh);
    return result;
}

/// `x` as rank 1 and contiguous: a view when x is contiguous, otherwise a
/// copy (numpy.ravel; reshape(x, {-1}) gives a strided view more often).
template <expression X>
auto ravel(X&& x) {
    auto v = view_of(std::forward<X>(x));
    if (v.is_contiguous()) return v.with_layout(*v.layout().reshape(shape_type{v.size()}));
    decltype(v) copy = view_of(flatten(v));
    return copy;
}

/// `x` with a new size-1 dimension at `dim` (in [-ndim-1, ndim]), as torch.unsqueeze.
/// Throws std::out_of_range for a dim outside [-ndim-1, ndim].
template <expression X>
auto unsqueeze(X&& x, index_t dim) {
    auto v = view_of(std::forward<X>(x));
    const std::size_t axis = resolve_axis("unsqueeze", dim, v.shape(), v.ndim() + 1, "dimension");
    return v.with_layout(v.layout().insert_axis(axis));
}

/// NumPy's name for unsqueeze.
/// NumPy: numpy.expand_dims. Throws as unsqueeze does.
template <expression X>
auto expand_dims(X&& x, index_t axis) {
    return unsqueeze(std::forward<X>(x), axis);
}

/// `x` without its size-1 dimensions.
/// NumPy: numpy.squeeze; PyTorch: torch.squeeze.
template <expression X>
auto squeeze(X&& x) {
    auto v = view_of(std::forward<X>(x));
    axis_order kept;
    for (std::size_t d = 0; d < v.ndim(); ++d) {
        if (v.shape()[d] != 1) kept.push_back(d);
    }
    return v.with_layout(v.layout().permute(kept));
}

/// `x` without dimension `dim`, which must have size 1. A rank-0 `x` takes
/// dim 0 or -1 and is returned as it is, as NumPy and PyTorch do.
/// Throws std::out_of_range for a dim out of range, std::invalid_argument when its size is not 1.
template <expression X>
auto squeeze(X&& x, index_t dim) {
    auto v = view_of(std::forward<X>(x));
    if (v.ndim() == 0 && (dim == 0 || dim == -1)) return v;
    const std::size_t axis = resolve_axis("squeeze", dim, v.shape(), "dimension");
    if (v.shape()[axis] != 1) {
        throw std::invalid_argument("cannot squeeze dimension " + std::to_string(dim) + " of shape " +
                                    to_string(v.shape()) + ": its size is " + std::to_string(v.shape()[axis]) +
                                    ", not 1");
    }
    return v.with_layout(v.layout().slice_along(axis, 0));
}

/// `x` with its dimensions in the order `axes` (dimension d of the result is
/// dimension axes[d] of x), as numpy.transpose(x, axes) and torch.permute.
/// Throws std::invalid_argument when `axes` is not a permutation of the dimensions.
template <expression X>
auto permute(X&& x, const std::vector<index_t>& axes) {
    auto v = view_of(std::forward<X>(x));
    return v.with_layout(v.layout().permute(detail::checked_permutation(axes, v.shape())));
}

/// permute under NumPy's name (NumPy: numpy.transpose(x, axes)); throws as permute does.
template <expression X>
auto transpose(X&& x, const std::vector<index_t>& axes) {
    return permute(std::forward<X>(x), axes);
}

/// `x` with its dimensions reversed.
/// NumPy: numpy.transpose, ndarray.T.
template <expression X>
auto transpose(X&& x) {
    auto v = view_of(std::forward<X>(x));
    axis_order order = detail::identity_order(v.ndim());
    std::reverse(order.begin(), order.end());
    return v.with_layout(v.layout().permute(order));
}

/// `x` with dimensions `a` and `b` exchanged.
/// NumPy: numpy.swapaxes; PyTorch: torch.transpose(x, a, b). Throws std::out_of_range for an axis
/// out of range.
template <expression X>
auto swapaxes(X&& x, index_t a, index_t b) {
    auto v = view_of(std::forward<X>(x));
    axis_order order = detail::identity_order(v.ndim());
    std::swap(order[resolve_axis("swapaxes", a, v.shape())], order[resolve_axis("swapaxes", b, v.shape())]);
    return v.with_layout(v.layout().permute(order));
}

/// `x` with its last two dimensions exchanged: a stack of matrices, each transposed (a view).
/// NumPy 2: numpy.matrix_transpose, ndarray.mT; PyTorch: Tensor.mT. Throws std::invalid_argument
/// for a rank below 2.
template <expression X>
auto matrix_transpose(X&& x) {  // declared in expr/expression.hpp
    const std::size_t rank = x.shape().size();
    if (rank < 2) {
        throw std::invalid_argument("matrix_transpose (mT) of shape " + to_string(x.shape()) + ": rank " +
                                    std::to_string(rank) +
                                    " has no last two dimensions to swap; give an array of rank 2 or more, or "
                                    "use transpose (T), which reverses every axis");
    }
    auto v = view_of(std::forward<X>(x));
    axis_order order = detail::identity_order(rank);
    std::swap(order[rank - 2], order[rank - 1]);
    return v.with_layout(v.layout().permute(order));
}

/// `x` with dimension `source` moved to position `destination`, the others
/// keeping their order.
/// NumPy: numpy.moveaxis. Throws std::out_of_range for an axis out of range.
template <expression X>
auto moveaxis(X&& x, index_t source, index_t destination) {
    auto v = view_of(std::forward<X>(x));
    const std::size_t from = resolve_axis("moveaxis", source, v.shape(), "source axis");
    const std::size_t to = resolve_axis("moveaxis", destination, v.shape(), "destination axis");
    axis_order order;
    for (std::size_t d = 0; d < v.ndim(); ++d) {
        if (d != from) order.push_back(d);
    }
    order.insert(order.begin() + static_cast<std::ptrdiff_t>(to), from);
    return v.with_layout(v.layout().permute(order));
}

/// `x` with the order of elements reversed along `axis`.
/// NumPy: numpy.flip(x, axis). Throws std::out_of_range for an axis out of range.
template <expression X>
auto flip(X&& x, index_t axis) {
    auto v = view_of(std::forward<X>(x));
    return v.with_layout(v.layout().flip(resolve_axis("flip", axis, v.shape())));
}

/// `x` with the order of elements reversed along every axis.
/// NumPy: numpy.flip(x).
template <expression X>
auto flip(X&& x) {
    auto v = view_of(std::forward<X>(x));
    strided_layout layout = v.layout();
    for (std::size_t d = 0; d < v.ndim(); ++d) layout = layout.flip(d);
    return v.with_layout(std::move(layout));
}

/// `x` with the order of elements reversed along each of `axes` (negative
/// axes count from the end; none reverses nothing), a view.
/// NumPy: numpy.flip(x, axis=(0, 2)). Throws std::out_of_range for an axis out of range,
/// std::invalid_argument for an axis given twice.
template <expression X>
auto flip(X&& x, const std::vector<index_t>& axes) {
    auto v = view_of(std::forward<X>(x));
    strided_layout layout = v.layout();
    small_vector<bool, inline_rank> seen(v.ndim(), false);
    for (const index_t axis : axes) {
        const std::size_t a = resolve_axis("flip", axis, v.shape());
        if (seen[a]) {
            throw std::invalid_argument("flip: axis " + std::to_string(axis) + " of shape " + to_string(v.shape()) +
                                        " is repeated in " + detail::dims_text(axes) + "; give each axis once");
        }
        seen[a] = true;
        layout = layout.flip(a);
    }
    return v.with_layout(std::move(layout));
}

/// numpy.flip with a braced list of axes, `flip(x, {0, 2})`: as the flip
/// above, so that `flip(x, {})` reverses nothing, as NumPy (the braces would
/// otherwise pick the flip along one axis, `{}` being axis 0). Throws as the flip above does.
template <expression X>
auto flip(X&& x, std::initializer_list<index_t> axes) {
    return flip(std::forward<X>(x), std::vector<index_t>(axes));
}

/// `x` rotated by 90 degrees `k` times in the plane of `axes`, from the first
/// axis towards the second (k < 0 turns the other way; k is taken modulo 4),
/// as a view: NumPy's flips and transposition, to the same strides.
/// NumPy: numpy.rot90(m, k, axes). Throws std::invalid_argument unless `axes` holds two
/// different axes, std::out_of_range for an axis out of range.
template <expression X>
auto rot90(X&& x, index_t k = 1, const std::vector<index_t>& axes = {0, 1}) {
    auto v = view_of(std::forward<X>(x));
    if (axes.size() != 2) {
        throw std::invalid_argument("rot90: axes " + detail::dims_text(axes) +
                                    " must be 2 axes, the plane to rotate in; give two different axes");
    }
    const std::size_t first = resolve_axis("rot90", axes[0], v.shape(), "first axis");
    const std::size_t second = resolve_axis("rot90", axes[1], v.shape(), "second axis");
    if (first == second) {
        throw std::invalid_argument("rot90: axes " + detail::dims_text(axes) + " name dimension " +
                                    std::to_string(first) + " of shape " + to_string(v.shape()) +
                                    " twice; give two different axes");
    }
    axis_order swapped = detail::identity_order(v.ndim());
    std::swap(swapped[first], swapped[second]);
    switch ((k % 4 + 4) % 4) {
        case 1: return v.with_layout(v.layout().flip(second).permute(swapped));
        case 2: return v.with_layout(v.layout().flip(first).flip(second));
        case 3: return v.with_layout(v.layout().permute(swapped).flip(second));
        default: return v;
    }
}

/// The diagonal of the (axis1, axis2) planes, `offset` above the main one
/// (below it when negative), as a new last dimension; the two axes are
/// removed (numpy.diagonal). Unlike NumPy's, the view is writable.
/// Throws std::invalid_argument below rank 2 or for the same axis twice, std::out_of_range for an
/// axis out of range.
template <expression X>
auto diagonal(X&& x, index_t offset, index_t axis1, index_t axis2) {  // defaults: tensor/shape_members.hpp
    auto v = view_of(std::forward<X>(x));
    if (v.ndim() < 2) {
        throw std::invalid_argument("diagonal needs at least 2 dimensions, but the shape is " + to_string(v.shape()));
    }
    const std::size_t a = resolve_axis("diagonal", axis1, v.shape(), "axis1");
    const std::size_t b = resolve_axis("diagonal", axis2, v.shape(), "axis2");
    if (a == b) {
        throw std::invalid_argument("diagonal needs two different axes, but axis1 and axis2 are both " +
                                    std::to_string(a) + " for shape " + to_string(v.shape()));
    }
    return v.with_layout(v.layout().diagonal(offset, a, b));
}

}  // namespace loom
