#pragma once
// Broadcasting an array to a shape, or arrays to their common shape,
// without copying (docs/semantics.md, "Broadcasting an array to a shape"):
// the result is a view whose broadcast dimensions have stride 0. Where that
// makes several elements share memory, the view is read-only; copy() gives a
// writable tensor.

#include <limits>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "loom/core/broadcast.hpp"
#include "loom/core/shape.hpp"
#include "loom/tensor/shape_members.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom {

namespace detail {

// Throws broadcast_error for a size that does not broadcast to the target's,
// after the words of `describe()`.
template <class Describe>
auto refuse_broadcast(Describe describe) {
    return [describe](index_t size, index_t wanted, index_t dimension) {
        throw broadcast_error(describe() + ": size " + std::to_string(size) + " vs " + std::to_string(wanted) +
                              " at dimension " + std::to_string(dimension) +
                              " (each size must equal the target's or be 1)");
    };
}

// Throws std::length_error, after the words of `describe()`, unless the sizes
// of `shape` other than 0 multiply within index_t, as a tensor's must
// (row_major_strides): [2^62, 4, 0] has no elements, but a reduction over its
// first two axes would count 2^64 (NumPy: "iterator is too large").
template <class Describe>
void check_broadcast_sizes(const shape_type& shape, Describe describe) {
    if (!checked_span_bytes(shape, 1)) {  // the sizes other than 0, multiplied
        throw std::length_error(describe() + ": the sizes other than 0 multiply past what a " +
                                std::to_string(std::numeric_limits<index_t>::digits + 1) +
                                "-bit index holds; use smaller sizes");
    }
}

}  // namespace detail

/// numpy.broadcast_to: `x` seen as exactly `shape` (unidirectional).
/// Throws loom::broadcast_error when x's shape does not broadcast to `shape`,
/// std::invalid_argument for a negative size or a rank above max_rank,
/// std::length_error when the sizes of `shape` other than 0 multiply past index_t.
template <expression X>
auto broadcast_to(X&& x, const shape_type& shape) {
    auto v = view_of(std::forward<X>(x));
    check_shape(shape);
    const auto describe = [&] { return "cannot broadcast shape " + to_string(v.shape()) + " to " + to_string(shape); };
    if (v.ndim() > shape.size()) {
        throw broadcast_error(describe() + ": the target has fewer dimensions; give a target of rank " +
                              std::to_string(v.ndim()) + " or more");
    }
    strided_layout layout =
        v.layout().broadcast_to(shape, right_aligned_map(v.ndim(), shape.size()), detail::refuse_broadcast(describe));
    detail::check_broadcast_sizes(shape, describe);  // after the rule: a shape that does not broadcast says so first
    return v.with_layout(std::move(layout));
}

/// `x` seen as `shape` under a broadcast spec: broadcast::numpy is
/// broadcast_to; broadcast::none requires equal shapes; broadcast::pdpd(axis)
/// places x onto `shape` at `axis` (OpenVINO's broadcast rules).
/// Throws loom::broadcast_error when x's shape does not fit `shape` under the
/// spec, and as broadcast_to(x, shape) does for the sizes of `shape`.
template <expression X>
auto broadcast_to(X&& x, const shape_type& shape, const broadcast_spec& spec) {
    auto v = view_of(std::forward<X>(x));
    check_shape(shape);
    if (spec.kind == broadcast_spec::mode::numpy) return broadcast_to(std::move(v), shape);
    const placement placed = placement_under(shape, v.shape(), spec);  // throws broadcast_error
    if (spec.kind == broadcast_spec::mode::none) return v;
    const auto describe = [&] {
        return "cannot place shape " + to_string(v.shape()) + " onto " + to_string(shape) + " at axis " +
               std::to_string(spec.axis);
    };
    strided_layout layout = v.layout().broadcast_to(shape, placed.map, detail::refuse_broadcast(describe));
    detail::check_broadcast_sizes(shape, describe);  // after the rule, as broadcast_to
    return v.with_layout(std::move(layout));
}

/// torch.expand: like broadcast_to, where -1 keeps the existing size.
/// Throws std::invalid_argument for a -1 where x has no dimension, loom::broadcast_error when
/// x's shape does not broadcast to the sizes, and as broadcast_to does for the sizes.
template <expression X>
auto expand(X&& x, const std::vector<index_t>& sizes) {
    auto v = view_of(std::forward<X>(x));
    shape_type shape(sizes.begin(), sizes.end());
    const std::size_t added = sizes.size() >= v.ndim() ? sizes.size() - v.ndim() : 0;
    for (std::size_t d = 0; d < shape.size(); ++d) {
        if (shape[d] != -1) continue;
        if (d < added) {
            throw std::invalid_argument("cannot expand shape " + to_string(v.shape()) + " to " + to_string(shape) +
                                        ": -1 at dimension " + std::to_string(d) +
                                        " keeps a size, but that dimension is new; give its size");
        }
        shape[d] = v.shape()[d - added];
    }
    return broadcast_to(std::move(v), shape);
}

/// OpenVINO's bidirectional Broadcast: `x` seen as the NumPy broadcast of its
/// shape and `target` (like x * ones(target)), which may differ from target.
/// Throws loom::broadcast_error when the two shapes do not broadcast, and as
/// broadcast_to does for the sizes of the broadcast shape.
template <expression X>
auto broadcast_bidirectional(X&& x, const shape_type& target) {
    auto v = view_of(std::forward<X>(x));
    const shape_type shape = broadcast_bidirectional_shape(v.shape(), target);
    return broadcast_to(std::move(v), shape);
}

/// numpy.broadcast_arrays: each operand seen as the NumPy broadcast of all
/// their shapes, a std::tuple of views (read-only where a dimension is
/// broadcast), so that `auto [x, y] = broadcast_arrays(a, b);` takes them apart.
/// Throws loom::broadcast_error when the shapes do not broadcast together,
/// std::length_error when the sizes of the broadcast shape other than 0 multiply past index_t.
template <expression... Xs>
    requires(sizeof...(Xs) >= 1)
auto broadcast_arrays(Xs&&... xs) {
    const shape_type shape = broadcast_shapes(shape_type(xs.shape())...);
    return std::tuple{broadcast_to(std::forward<Xs>(xs), shape)...};
}

}  // namespace loom
