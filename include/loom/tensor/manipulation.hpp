#pragma once
// Shape manipulation: each function returns a view of the same memory where
// NumPy does (reshape of a layout that allows it, ravel of a contiguous one, unsqueeze,
// squeeze, transpose, permute, swapaxes, moveaxis, flip, diagonal) and a copy
// where NumPy does (flatten; reshape and ravel when the layout does not
// allow a view). Every function also accepts a temporary or any expression,
// whose result the returned view then owns (view_of.hpp).

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "loom/tensor/shape_members.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom {

namespace detail {

inline std::string dims_text(const std::vector<index_t>& dims) {
    return to_string(shape_type(dims.begin(), dims.end()));
}

// NumPy's _attempt_nocopy_reshape for C order: strides that give `shape` the
// same elements in the same order without copying, if they exist.
inline bool strides_for_reshape(const shape_type& old_shape, const strides_type& old_strides,
                                const shape_type& shape, strides_type& strides) {
    shape_type dims;
    strides_type steps;
    for (std::size_t d = 0; d < old_shape.size(); ++d) {
        if (old_shape[d] != 1) {
            dims.push_back(old_shape[d]);
            steps.push_back(old_strides[d]);
        }
    }
    strides = strides_type(shape.size(), 0);
    std::size_t oi = 0, oj = 1, ni = 0, nj = 1;
    while (ni < shape.size() && oi < dims.size()) {
        index_t np = shape[ni], op = dims[oi];
        while (np != op) {
            if (np < op) np *= shape[nj++];
            else op *= dims[oj++];
        }
        for (std::size_t ok = oi; ok + 1 < oj; ++ok) {
            if (steps[ok] != dims[ok + 1] * steps[ok + 1]) return false;
        }
        strides[nj - 1] = steps[oj - 1];
        for (std::size_t nk = nj - 1; nk > ni; --nk) strides[nk - 1] = strides[nk] * shape[nk];
        ni = nj++;
        oi = oj++;
    }
    const index_t last = ni >= 1 ? strides[ni - 1] : 1;
    for (std::size_t nk = ni; nk < shape.size(); ++nk) strides[nk] = last;
    return true;
}

// The view of v's memory laid out as `shape`/`strides` from `offset`.
template <class V>
V with_layout(const V& v, index_t offset, shape_type shape, strides_type strides) {
    if (element_count(shape) == 0) offset = 0;  // Note [empty layouts] in layout.hpp
    return V(v.data() + offset, std::move(shape), std::move(strides), v.owner());
}

using axis_order = small_vector<std::size_t, inline_rank>;

// `perm` checked as a permutation of [0, rank), negative axes allowed.
inline axis_order checked_permutation(const std::vector<index_t>& perm, const shape_type& shape) {
    const auto fail = [&](const std::string& why) {
        throw std::invalid_argument("axes " + dims_text(perm) + " are not a permutation of the dimensions of " +
                                    to_string(shape) + ": " + why);
    };
    if (perm.size() != shape.size()) fail("give each of the " + std::to_string(shape.size()) + " axes once");
    const auto rank = static_cast<index_t>(shape.size());
    axis_order axes;
    small_vector<bool, inline_rank> seen(shape.size(), false);
    for (index_t p : perm) {
        if (p < -rank || p >= rank) fail("axis " + std::to_string(p) + " is out of range");
        const auto axis = static_cast<std::size_t>(p < 0 ? p + rank : p);
        if (seen[axis]) fail("axis " + std::to_string(p) + " is repeated");
        seen[axis] = true;
        axes.push_back(axis);
    }
    return axes;
}

inline axis_order identity_order(std::size_t rank) {
    axis_order order(rank);
    for (std::size_t d = 0; d < rank; ++d) order[d] = d;
    return order;
}

// `v` whose dimension d is dimension order[d] of v (order is a permutation).
template <class V>
V permuted(const V& v, const axis_order& order) {
    shape_type shape;
    strides_type strides;
    for (std::size_t axis : order) {
        shape.push_back(v.shape()[axis]);
        strides.push_back(v.strides()[axis]);
    }
    return with_layout(v, 0, std::move(shape), std::move(strides));
}

}  // namespace detail

/// `x` with a new shape of the same size; one size may be -1 (inferred). A
/// view when the layout allows it, otherwise a copy (as numpy.reshape).
template <expression X>
auto reshape(X&& x, const std::vector<index_t>& sizes) {
    auto v = view_of(std::forward<X>(x));
    const index_t count = v.size();
    shape_type shape(sizes.begin(), sizes.end());
    std::size_t inferred = sizes.size();
    index_t known = 1;
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
        known *= sizes[d];
    }
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
    strides_type strides;
    if (count == 0 || v.is_contiguous()) {
        strides = row_major_strides(shape);
    } else if (!detail::strides_for_reshape(v.shape(), v.strides(), shape, strides)) {
        // The layout does not allow a view: reshape a contiguous copy, as NumPy does.
        decltype(v) copy = view_of(v.copy());
        return detail::with_layout(copy, 0, shape, row_major_strides(shape));
    }
    return detail::with_layout(v, 0, std::move(shape), std::move(strides));
}

/// A contiguous rank-1 copy of `x`.
template <expression X>
auto flatten(const X& x) {
    tensor<value_type_of<X>> result(shape_type{element_count(x.shape())});
    evaluate_into(result.data(), x.shape(), row_major_strides(x.shape()), x);  // x's elements, in row-major order
    return result;
}

/// `x` as rank 1 and contiguous: a view when x is contiguous, otherwise a
/// copy (numpy.ravel; reshape(x, {-1}) gives a strided view more often).
template <expression X>
auto ravel(X&& x) {
    auto v = view_of(std::forward<X>(x));
    if (v.is_contiguous()) return detail::with_layout(v, 0, shape_type{v.size()}, strides_type{1});
    decltype(v) copy = view_of(flatten(v));
    return copy;
}

/// `x` with a new size-1 dimension at `dim` (in [-ndim-1, ndim]), as torch.unsqueeze.
template <expression X>
auto unsqueeze(X&& x, index_t dim) {
    auto v = view_of(std::forward<X>(x));
    const std::size_t axis = resolve_axis(dim, v.shape(), "unsqueeze dimension", v.ndim() + 1);
    shape_type shape = v.shape();
    strides_type strides = v.strides();
    shape.insert(shape.begin() + axis, 1);
    strides.insert(strides.begin() + axis, 0);
    return detail::with_layout(v, 0, std::move(shape), std::move(strides));
}

/// NumPy's name for unsqueeze.
template <expression X>
auto expand_dims(X&& x, index_t axis) {
    return unsqueeze(std::forward<X>(x), axis);
}

/// `x` without its size-1 dimensions.
template <expression X>
auto squeeze(X&& x) {
    auto v = view_of(std::forward<X>(x));
    shape_type shape;
    strides_type strides;
    for (std::size_t d = 0; d < v.ndim(); ++d) {
        if (v.shape()[d] == 1) continue;
        shape.push_back(v.shape()[d]);
        strides.push_back(v.strides()[d]);
    }
    return detail::with_layout(v, 0, std::move(shape), std::move(strides));
}

/// `x` without dimension `dim`, which must have size 1. A rank-0 `x` takes
/// dim 0 or -1 and is returned as it is, as NumPy and PyTorch do.
template <expression X>
auto squeeze(X&& x, index_t dim) {
    auto v = view_of(std::forward<X>(x));
    if (v.ndim() == 0 && (dim == 0 || dim == -1)) return v;
    const std::size_t axis = resolve_axis(dim, v.shape(), "squeeze dimension");
    if (v.shape()[axis] != 1) {
        throw std::invalid_argument("cannot squeeze dimension " + std::to_string(dim) + " of shape " +
                                    to_string(v.shape()) + ": its size is " + std::to_string(v.shape()[axis]) +
                                    ", not 1");
    }
    shape_type shape = v.shape();
    strides_type strides = v.strides();
    shape.erase(shape.begin() + axis);
    strides.erase(strides.begin() + axis);
    return detail::with_layout(v, 0, std::move(shape), std::move(strides));
}

/// `x` with its dimensions in the order `axes` (dimension d of the result is
/// dimension axes[d] of x), as numpy.transpose(x, axes) and torch.permute.
template <expression X>
auto permute(X&& x, const std::vector<index_t>& axes) {
    auto v = view_of(std::forward<X>(x));
    return detail::permuted(v, detail::checked_permutation(axes, v.shape()));
}

template <expression X>
auto transpose(X&& x, const std::vector<index_t>& axes) {
    return permute(std::forward<X>(x), axes);
}

/// `x` with its dimensions reversed.
template <expression X>
auto transpose(X&& x) {
    auto v = view_of(std::forward<X>(x));
    detail::axis_order order = detail::identity_order(v.ndim());
    std::reverse(order.begin(), order.end());
    return detail::permuted(v, order);
}

/// `x` with dimensions `a` and `b` exchanged.
template <expression X>
auto swapaxes(X&& x, index_t a, index_t b) {
    auto v = view_of(std::forward<X>(x));
    detail::axis_order order = detail::identity_order(v.ndim());
    std::swap(order[resolve_axis(a, v.shape())], order[resolve_axis(b, v.shape())]);
    return detail::permuted(v, order);
}

/// `x` with dimension `source` moved to position `destination`, the others
/// keeping their order.
template <expression X>
auto moveaxis(X&& x, index_t source, index_t destination) {
    auto v = view_of(std::forward<X>(x));
    const std::size_t from = resolve_axis(source, v.shape(), "source axis");
    const std::size_t to = resolve_axis(destination, v.shape(), "destination axis");
    detail::axis_order order;
    for (std::size_t d = 0; d < v.ndim(); ++d) {
        if (d != from) order.push_back(d);
    }
    order.insert(order.begin() + static_cast<std::ptrdiff_t>(to), from);
    return detail::permuted(v, order);
}

/// `x` with the order of elements reversed along `axis`.
template <expression X>
auto flip(X&& x, index_t axis) {
    auto v = view_of(std::forward<X>(x));
    const std::size_t d = resolve_axis(axis, v.shape());
    strides_type strides = v.strides();
    const index_t offset = v.shape()[d] > 0 ? strides[d] * (v.shape()[d] - 1) : 0;
    strides[d] = -strides[d];
    return detail::with_layout(v, offset, v.shape(), std::move(strides));
}

/// `x` with the order of elements reversed along every axis.
template <expression X>
auto flip(X&& x) {
    auto v = view_of(std::forward<X>(x));
    strides_type strides = v.strides();
    index_t offset = 0;
    for (std::size_t d = 0; d < v.ndim(); ++d) {
        if (v.shape()[d] > 0) offset += strides[d] * (v.shape()[d] - 1);
        strides[d] = -strides[d];
    }
    return detail::with_layout(v, offset, v.shape(), std::move(strides));
}

/// The diagonal of the (axis1, axis2) planes, `offset` above the main one
/// (below it when negative), as a new last dimension; the two axes are
/// removed (numpy.diagonal). Unlike NumPy's, the view is writable.
template <expression X>
auto diagonal(X&& x, index_t offset, index_t axis1, index_t axis2) {  // defaults: shape_members.hpp
    auto v = view_of(std::forward<X>(x));
    if (v.ndim() < 2) {
        throw std::invalid_argument("diagonal needs at least 2 dimensions, but the shape is " + to_string(v.shape()));
    }
    const std::size_t a = resolve_axis(axis1, v.shape(), "axis1");
    const std::size_t b = resolve_axis(axis2, v.shape(), "axis2");
    if (a == b) {
        throw std::invalid_argument("diagonal needs two different axes, but axis1 and axis2 are both " +
                                    std::to_string(a) + " for shape " + to_string(v.shape()));
    }
    const index_t rows = v.shape()[a], columns = v.shape()[b];
    const index_t length = std::max<index_t>(
        0, offset >= 0 ? std::min(rows, columns - offset) : std::min(rows + offset, columns));
    index_t start = 0;
    if (length > 0) start = offset >= 0 ? offset * v.strides()[b] : -offset * v.strides()[a];
    shape_type shape;
    strides_type strides;
    for (std::size_t d = 0; d < v.ndim(); ++d) {
        if (d == a || d == b) continue;
        shape.push_back(v.shape()[d]);
        strides.push_back(v.strides()[d]);
    }
    shape.push_back(length);
    strides.push_back(v.strides()[a] + v.strides()[b]);
    return detail::with_layout(v, start, std::move(shape), std::move(strides));
}

}  // namespace loom
