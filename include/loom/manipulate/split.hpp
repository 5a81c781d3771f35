#pragma once
// Splitting an array into parts along an axis, as NumPy: split, array_split,
// hsplit, vsplit, dsplit. Every part is a view of the array (of its
// evaluated value for a lazy expression or a temporary, which the parts then
// own together: Note [view lifetime] in tensor/view.hpp).
//
// The parts are given by a number of sections, or by a list of indices: the
// parts are then [0:i0], [i0:i1], ..., [ik:], Python slices of the axis
// (negative indices count from the end, bounds are clipped, and a bound
// below the previous one gives an empty part).

#include <initializer_list>
#include <stdexcept>
#include <string>
#include <vector>

#include "loom/core/axis.hpp"
#include "loom/manipulate/manipulation.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom {

namespace detail {

// The part [start:stop] of `v` along `axis`, as a Python slice.
template <class V>
V part_along(const V& v, std::size_t axis, index_t start, index_t stop) {
    const resolved_range r = resolve(range(start, stop), v.shape()[axis], axis, v.shape());
    shape_type shape = v.shape();
    shape[axis] = r.length;
    const index_t first = v.layout().offset() + (r.length > 0 ? r.first * v.strides()[axis] : 0);
    return v.with_layout(strided_layout(std::move(shape), v.strides(), first));
}

template <class V>
std::vector<V> parts_between(const V& v, std::size_t axis, const std::vector<index_t>& bounds) {
    std::vector<V> parts;
    parts.reserve(bounds.size() - 1);
    for (std::size_t i = 0; i + 1 < bounds.size(); ++i) parts.push_back(part_along(v, axis, bounds[i], bounds[i + 1]));
    return parts;
}

// numpy.array_split by sections: the first `size % sections` parts have one
// element more than the others.
template <class V>
std::vector<V> split_sections(const char* name, const V& v, index_t sections, index_t axis, bool equal) {
    const std::size_t a = resolve_axis(name, axis, v.shape());
    const index_t size = v.shape()[a];
    if (sections <= 0) {
        throw std::invalid_argument(std::string(name) + ": the number of sections is " + std::to_string(sections) +
                                    "; it must be 1 or more");
    }
    if (equal && size % sections != 0) {
        throw std::invalid_argument(std::string(name) + ": the " + std::to_string(size) + " elements along axis " +
                                    std::to_string(a) + " of shape " + to_string(v.shape()) +
                                    " do not divide into " + std::to_string(sections) +
                                    " equal sections; use array_split for unequal ones, or give indices");
    }
    // One view per section, all allocated up front: a count that no vector
    // holds is refused here, and one beyond memory fails at once
    // (std::bad_alloc, NumPy's MemoryError) instead of growing through it.
    if (static_cast<std::size_t>(sections) > std::vector<V>().max_size()) {
        throw std::length_error(std::string(name) + ": " + std::to_string(sections) +
                                " sections are more parts than a vector holds; ask for fewer sections");
    }
    std::vector<index_t> bounds{0};
    bounds.reserve(static_cast<std::size_t>(sections) + 1);
    for (index_t i = 0; i < sections; ++i) bounds.push_back(bounds.back() + size / sections + (i < size % sections));
    return parts_between(v, a, bounds);
}

template <class V>
std::vector<V> split_indices(const char* name, const V& v, const std::vector<index_t>& indices, index_t axis) {
    const std::size_t a = resolve_axis(name, axis, v.shape());
    std::vector<index_t> bounds{0};
    bounds.insert(bounds.end(), indices.begin(), indices.end());
    bounds.push_back(v.shape()[a]);
    return parts_between(v, a, bounds);
}

// hsplit, vsplit and dsplit need `rank` dimensions or more.
inline void check_split_rank(const char* name, const shape_type& shape, std::size_t rank) {
    if (shape.size() < rank) {
        throw std::invalid_argument(std::string(name) + " needs an array of " + std::to_string(rank) +
                                    " or more dimensions, but the shape is " + to_string(shape) +
                                    "; use split with an axis");
    }
}

// The axis hsplit splits: 1, or 0 for a rank-1 array.
inline index_t hsplit_axis(const shape_type& shape) {
    check_split_rank("hsplit", shape, 1);
    return shape.size() > 1 ? 1 : 0;
}

}  // namespace detail

/// numpy.split into `sections` equal parts along `axis`, as views; throws
/// std::invalid_argument if the size along `axis` does not divide, and as
/// array_split does.
template <expression X>
auto split(X&& x, index_t sections, index_t axis = 0) {
    const auto v = view_of(std::forward<X>(x));
    return detail::split_sections("split", v, sections, axis, true);
}
/// numpy.split at `indices` along `axis`: the parts [0:i0], [i0:i1], ..., [ik:].
/// Throws std::out_of_range for an axis out of range.
template <expression X>
auto split(X&& x, const std::vector<index_t>& indices, index_t axis = 0) {
    const auto v = view_of(std::forward<X>(x));
    return detail::split_indices("split", v, indices, axis);
}
/// (A braced list is indices, `split(x, {3})` too: NumPy's `split(x, [3])`.)
/// Throws std::out_of_range for an axis out of range.
template <expression X>
auto split(X&& x, std::initializer_list<index_t> indices, index_t axis = 0) {
    return split(std::forward<X>(x), std::vector<index_t>(indices), axis);
}

/// numpy.array_split: as split, but `sections` need not divide the size:
/// the first size % sections parts have one element more.
/// Throws std::invalid_argument for sections below 1, std::out_of_range for an axis out of range,
/// std::length_error for more sections than a std::vector of parts holds.
template <expression X>
auto array_split(X&& x, index_t sections, index_t axis = 0) {
    const auto v = view_of(std::forward<X>(x));
    return detail::split_sections("array_split", v, sections, axis, false);
}
/// numpy.array_split at `indices`, as split at indices; throws as split does.
template <expression X>
auto array_split(X&& x, const std::vector<index_t>& indices, index_t axis = 0) {
    const auto v = view_of(std::forward<X>(x));
    return detail::split_indices("array_split", v, indices, axis);
}
/// array_split at a braced list of indices; throws as array_split at indices does.
template <expression X>
auto array_split(X&& x, std::initializer_list<index_t> indices, index_t axis = 0) {
    return array_split(std::forward<X>(x), std::vector<index_t>(indices), axis);
}

/// numpy.hsplit: split along axis 1, or axis 0 for a rank-1 array.
/// Throws std::invalid_argument for rank 0 or sections that do not divide the size.
template <expression X>
auto hsplit(X&& x, index_t sections) {
    const index_t axis = detail::hsplit_axis(x.shape());
    return split(std::forward<X>(x), sections, axis);
}
/// numpy.hsplit at `indices`; throws as split does.
template <expression X>
auto hsplit(X&& x, const std::vector<index_t>& indices) {
    const index_t axis = detail::hsplit_axis(x.shape());
    return split(std::forward<X>(x), indices, axis);
}
/// hsplit at a braced list of indices; throws as hsplit at indices does.
template <expression X>
auto hsplit(X&& x, std::initializer_list<index_t> indices) {
    return hsplit(std::forward<X>(x), std::vector<index_t>(indices));
}

/// numpy.vsplit: split along axis 0 an array of rank 2 or more.
/// Throws std::invalid_argument below rank 2 or for sections that do not divide the size.
template <expression X>
auto vsplit(X&& x, index_t sections) {
    detail::check_split_rank("vsplit", x.shape(), 2);
    return split(std::forward<X>(x), sections, 0);
}
/// numpy.vsplit at `indices`; throws std::invalid_argument below rank 2, and as split does.
template <expression X>
auto vsplit(X&& x, const std::vector<index_t>& indices) {
    detail::check_split_rank("vsplit", x.shape(), 2);
    return split(std::forward<X>(x), indices, 0);
}
/// vsplit at a braced list of indices; throws as vsplit at indices does.
template <expression X>
auto vsplit(X&& x, std::initializer_list<index_t> indices) {
    return vsplit(std::forward<X>(x), std::vector<index_t>(indices));
}

/// numpy.dsplit: split along axis 2 an array of rank 3 or more.
/// Throws std::invalid_argument below rank 3 or for sections that do not divide the size.
template <expression X>
auto dsplit(X&& x, index_t sections) {
    detail::check_split_rank("dsplit", x.shape(), 3);
    return split(std::forward<X>(x), sections, 2);
}
/// numpy.dsplit at `indices`; throws std::invalid_argument below rank 3, and as split does.
template <expression X>
auto dsplit(X&& x, const std::vector<index_t>& indices) {
    detail::check_split_rank("dsplit", x.shape(), 3);
    return split(std::forward<X>(x), indices, 2);
}
/// dsplit at a braced list of indices; throws as dsplit at indices does.
template <expression X>
auto dsplit(X&& x, std::initializer_list<index_t> indices) {
    return dsplit(std::forward<X>(x), std::vector<index_t>(indices));
}

}  // namespace loom
