#pragma once
// numpy.pad: an array grown by `before` and `after` elements along each
// axis, the new elements a constant or taken from the array (its edge, its
// reflection with or without the edge, or its other end).
//
// Note [padding order]: as NumPy, the axes are padded one after the other,
// and axis k is padded across the whole extent of the axes already padded
// (those before k) but only the array's own extent of the axes after it. The
// corners are thus padded from the padding of the earlier axes, and every
// element written is read only after it has been written.

#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "loom/core/checked_arithmetic.hpp"
#include "loom/manipulate/manipulation.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom {

/// How pad fills the new elements (NumPy's mode names).
enum class pad_mode {
    constant,   ///< a value (0 unless given)
    edge,       ///< the array's first or last element along the axis
    reflect,    ///< the array mirrored about its edge, the edge not repeated: 3 2 | 1 2 3 | 2 1
    symmetric,  ///< the array mirrored, the edge repeated: 2 1 | 1 2 3 | 3 2
    wrap,       ///< the array's other end, periodically: 2 3 | 1 2 3 | 1 2
};

/// Elements added before and after the array along one axis.
using pad_width = std::pair<index_t, index_t>;

namespace detail {

inline const char* pad_mode_name(pad_mode mode) {
    switch (mode) {
        case pad_mode::constant: return "constant";
        case pad_mode::edge: return "edge";
        case pad_mode::reflect: return "reflect";
        case pad_mode::symmetric: return "symmetric";
        case pad_mode::wrap: return "wrap";
    }
    return "unknown";
}

// One width per axis: one pair for all, or a pair per axis (NumPy's _as_pairs).
inline std::vector<pad_width> widths_per_axis(const std::vector<pad_width>& widths, const shape_type& shape) {
    if (widths.empty() || (widths.size() != 1 && widths.size() != shape.size())) {
        throw std::invalid_argument("pad: " + std::to_string(widths.size()) + " pairs of widths for shape " +
                                    to_string(shape) + "; give one pair for all the axes, or one per axis (" +
                                    std::to_string(shape.size()) + ")");
    }
    // Every pair given is checked, even where no axis takes it (NumPy refuses
    // negative widths for a rank-0 array too).
    for (std::size_t k = 0; k < widths.size(); ++k) {
        if (widths[k].first < 0 || widths[k].second < 0) {
            throw std::invalid_argument("pad: the widths (" + std::to_string(widths[k].first) + ", " +
                                        std::to_string(widths[k].second) + ") of axis " + std::to_string(k) +
                                        " are negative; widths must be 0 or more");
        }
    }
    std::vector<pad_width> per_axis(shape.size(), widths.front());
    if (widths.size() == shape.size()) per_axis = widths;
    return per_axis;
}

inline index_t floor_mod(index_t i, index_t n) { return (i % n + n) % n; }

// The index in [0, n) of the array's element that fills position i along an
// axis of size n (i < 0 before the array, i >= n after it).
inline index_t pad_source(pad_mode mode, index_t i, index_t n) {
    switch (mode) {
        case pad_mode::edge: return i < 0 ? 0 : n - 1;
        case pad_mode::wrap: return floor_mod(i, n);
        case pad_mode::symmetric: {
            const index_t m = floor_mod(i, 2 * n);
            return m < n ? m : 2 * n - 1 - m;
        }
        case pad_mode::reflect: {
            if (n == 1) return 0;
            const index_t m = floor_mod(i, 2 * n - 2);
            return m < n ? m : 2 * n - 2 - m;
        }
        case pad_mode::constant: break;
    }
    return 0;
}

}  // namespace detail

/// numpy.pad with widths per axis: `widths` holds one pair (before, after)
/// for every axis, or one pair per axis. `value` fills pad_mode::constant;
/// the other modes need every padded axis to have elements.
/// Throws std::invalid_argument for a number of pairs that fits no axis count, a negative width, or
/// a mode other than constant that would extend an empty axis; std::length_error for a result with
/// more elements than fit in index_t.
template <expression X>
tensor<value_type_of<X>> pad(const X& x, const std::vector<pad_width>& widths, pad_mode mode = pad_mode::constant,
                             value_type_of<X> value = value_type_of<X>{}) {
    using T = value_type_of<X>;
    const std::vector<pad_width> w = detail::widths_per_axis(widths, x.shape());
    shape_type shape = x.shape();
    index_t center = 0;  // the offset of the array's first element in the result
    for (std::size_t d = 0; d < shape.size(); ++d) {
        if (mode != pad_mode::constant && shape[d] == 0 && w[d] != pad_width{0, 0}) {
            throw std::invalid_argument(std::string("pad: cannot extend the empty axis ") + std::to_string(d) +
                                        " of shape " + to_string(x.shape()) + " in mode " +
                                        detail::pad_mode_name(mode) + ", which copies the array's elements; "
                                        "use pad_mode::constant");
        }
        const auto before = checked_add(shape[d], w[d].first);
        const auto size = before ? checked_add(*before, w[d].second) : std::nullopt;
        if (!size) {
            throw std::length_error("pad: the widths (" + std::to_string(w[d].first) + ", " +
                                    std::to_string(w[d].second) + ") of axis " + std::to_string(d) +
                                    " grow its size " + std::to_string(shape[d]) + " (shape " + to_string(x.shape()) +
                                    ") past what fits in a 64-bit index; use smaller widths");
        }
        shape[d] = *size;
    }
    tensor<T> result(uninitialized, shape);
    if (result.size() == 0) return result;
    for (std::size_t d = 0; d < shape.size(); ++d) center += w[d].first * result.strides()[d];
    if (mode == pad_mode::constant) std::fill(result.begin(), result.end(), value);
    if (element_count(x.shape()) > 0) tensor_view<T>(result.data() + center, x.shape(), result.strides()) = x;
    if (mode == pad_mode::constant) return result;

    for (std::size_t k = 0; k < shape.size(); ++k) {  // Note [padding order]
        const index_t n = x.shape()[k];
        // The slab at position 0 along k: the whole of the axes before k, the array's extent of those after.
        shape_type slab_shape = shape;
        index_t slab = 0;
        for (std::size_t d = k + 1; d < shape.size(); ++d) {
            slab_shape[d] = x.shape()[d];
            slab += w[d].first * result.strides()[d];
        }
        slab_shape[k] = 1;
        if (element_count(slab_shape) == 0) continue;
        const auto at = [&](index_t position) {
            return tensor_view<T>(result.data() + slab + position * result.strides()[k], slab_shape, result.strides());
        };
        const index_t before = w[k].first, total = shape[k];
        for (index_t p = 0; p < total; ++p) {
            if (p == before) p += n;  // skip the array's own extent
            if (p >= total) break;
            at(p) = at(before + detail::pad_source(mode, p - before, n));
        }
    }
    return result;
}

/// numpy.pad with one pair (before, after) for every axis.
/// Throws as the pad above does.
template <expression X>
tensor<value_type_of<X>> pad(const X& x, pad_width width, pad_mode mode = pad_mode::constant,
                             value_type_of<X> value = value_type_of<X>{}) {
    return pad(x, std::vector<pad_width>{width}, mode, value);
}

/// numpy.pad with one width on both sides of every axis.
/// Throws as the pad above does.
template <expression X>
tensor<value_type_of<X>> pad(const X& x, index_t width, pad_mode mode = pad_mode::constant,
                             value_type_of<X> value = value_type_of<X>{}) {
    return pad(x, std::vector<pad_width>{{width, width}}, mode, value);
}

}  // namespace loom
