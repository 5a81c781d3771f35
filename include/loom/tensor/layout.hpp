#pragma once
// Strided layouts: where element (i, j, ...) of an array lives, as an offset
// plus per-dimension strides (in elements; 0 and negative allowed), and how
// indexing arguments transform a layout without touching data.

#include <array>
#include <span>
#include <stdexcept>
#include <string>
#include <variant>

#include "loom/core/shape.hpp"
#include "loom/tensor/slice.hpp"

namespace loom {

// Note [empty layouts]: a layout with no elements never reads its memory, so
// its offset is 0 whatever the indexing or manipulation that made it: the
// memory of an empty tensor may be a null pointer, and moving one by any
// non-zero offset would be undefined behaviour.

struct strided_layout {
    shape_type shape;
    strides_type strides;
    index_t offset = 0;  ///< of element (0, 0, ...), from the memory the layout was derived from
};

/// True when the layout is C-contiguous (row-major, no gaps). Size-1
/// dimensions may have any stride, as in NumPy.
inline bool is_row_major(const shape_type& shape, const strides_type& strides) {
    index_t expected = 1;
    for (std::size_t d = shape.size(); d-- > 0;) {
        if (shape[d] == 0) return true;
        if (shape[d] != 1 && strides[d] != expected) return false;
        expected *= shape[d];
    }
    return true;
}

/// True when two elements of the layout share memory: a dimension of size
/// more than 1 with stride 0 (a broadcast view). An empty layout has no
/// elements to share anything.
inline bool has_repeated_elements(const shape_type& shape, const strides_type& strides) {
    if (element_count(shape) == 0) return false;
    for (std::size_t d = 0; d < shape.size(); ++d) {
        if (shape[d] > 1 && strides[d] == 0) return true;
    }
    return false;
}

/// The layout that `items` (integers, ranges, all, newaxis, ellipsis) select
/// from `shape`/`strides`, as NumPy's basic indexing: an integer drops its
/// dimension, a range keeps it, newaxis inserts a size-1 dimension, an
/// ellipsis (at most one) stands for every dimension not otherwise indexed,
/// and dimensions left over at the end are kept whole.
inline strided_layout select(const shape_type& shape, const strides_type& strides, std::span<const index_item> items) {
    std::size_t consumed = 0;  // dimensions of the source that the items index
    std::size_t ellipses = 0;
    for (const index_item& item : items) {
        if (std::holds_alternative<ellipsis_t>(item)) ++ellipses;
        else if (!std::holds_alternative<newaxis_t>(item)) ++consumed;
    }
    if (ellipses > 1) {
        throw std::invalid_argument("an index may hold at most one ellipsis, but " + std::to_string(ellipses) +
                                    " were given for shape " + to_string(shape) + "; remove all but one");
    }
    if (consumed > shape.size()) {
        throw std::out_of_range("too many indices: " + std::to_string(consumed) + " given for shape " +
                                to_string(shape) + ", which has " + std::to_string(shape.size()) + " dimensions");
    }
    strided_layout result;
    std::size_t d = 0;  // the next dimension of the source
    const auto keep = [&](index_t size, index_t stride) {
        result.shape.push_back(size);
        result.strides.push_back(stride);
    };
    for (const index_item& item : items) {
        if (const index_t* index = std::get_if<index_t>(&item)) {
            result.offset += strides[d] * resolve_index(*index, shape[d], d, shape);
            ++d;
        } else if (const range* r = std::get_if<range>(&item)) {
            const resolved_range resolved = resolve(*r, shape[d], d);
            if (resolved.length > 0) result.offset += strides[d] * resolved.first;
            // With one element or none the step is never taken (and stride * step might overflow).
            keep(resolved.length, resolved.length > 1 ? strides[d] * resolved.step : strides[d]);
            ++d;
        } else if (std::holds_alternative<all_t>(item)) {
            keep(shape[d], strides[d]);
            ++d;
        } else if (std::holds_alternative<newaxis_t>(item)) {
            keep(1, 0);
        } else {
            for (std::size_t n = shape.size() - consumed; n > 0; --n, ++d) keep(shape[d], strides[d]);
        }
    }
    for (; d < shape.size(); ++d) keep(shape[d], strides[d]);
    if (element_count(result.shape) == 0) result.offset = 0;  // Note [empty layouts]
    return result;
}

/// select() for arguments written at the call site, `t(1, range(0, 2), all)`;
/// two ellipses are refused at compile time.
template <index_argument... Args>
strided_layout select(const shape_type& shape, const strides_type& strides, const Args&... args) {
    constexpr std::size_t ellipses = (std::size_t{std::same_as<std::remove_cvref_t<Args>, ellipsis_t>} + ... + 0);
    static_assert(ellipses <= 1, "an index may hold at most one ellipsis");
    const std::array<index_item, sizeof...(Args)> items{index_item(args)...};
    return select(shape, strides, std::span<const index_item>(items));
}

}  // namespace loom
