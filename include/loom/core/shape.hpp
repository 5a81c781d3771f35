#pragma once
// Shapes and strides: sizes and steps per dimension, their element count and
// their printed form `[2, 3, 4]` (docs/semantics.md, "Shapes").

#include <cstddef>
#include <iosfwd>
#include <limits>
#include <stdexcept>
#include <string>

#include "loom/core/small_vector.hpp"

namespace loom {

/// Signed index type for sizes, indices and strides (strides may be negative).
using index_t = std::ptrdiff_t;

/// Inline capacity of shapes and strides: ranks up to this never allocate.
inline constexpr std::size_t inline_rank = 8;

using shape_type = small_vector<index_t, inline_rank>;
using strides_type = small_vector<index_t, inline_rank>;

/// `[2, 3, 4]`; `[]` for rank 0.
inline std::string to_string(const shape_type& dims) {
    std::string text = "[";
    for (std::size_t d = 0; d < dims.size(); ++d) {
        if (d != 0) text += ", ";
        text += std::to_string(dims[d]);
    }
    return text + "]";
}

template <class Stream>
    requires requires(Stream& os, const std::string& s) { os << s; }
Stream& operator<<(Stream& os, const shape_type& dims) {
    os << to_string(dims);
    return os;
}

/// Throws std::invalid_argument if a size is negative.
inline void check_sizes(const shape_type& shape) {
    for (std::size_t d = 0; d < shape.size(); ++d) {
        if (shape[d] < 0) {
            throw std::invalid_argument("shape " + to_string(shape) + " has the negative size " +
                                        std::to_string(shape[d]) + " at dimension " + std::to_string(d) +
                                        "; sizes must be 0 or more");
        }
    }
}

namespace detail {

[[noreturn]] inline void throw_too_many_elements(const shape_type& shape) {
    throw std::length_error("shape " + to_string(shape) + " has more elements than fit in a " +
                            std::to_string(std::numeric_limits<index_t>::digits + 1) +
                            "-bit index; use smaller sizes");
}

// total + size, the sizes of a dimension of `shape` being summed; throws
// std::length_error instead of overflowing.
inline index_t add_size(index_t total, index_t size, const shape_type& shape) {
    if (__builtin_add_overflow(total, size, &total)) throw_too_many_elements(shape);
    return total;
}

}  // namespace detail

/// Number of elements of `shape` (1 for rank 0). Throws std::length_error
/// when the count does not fit in index_t, instead of wrapping around.
inline index_t element_count(const shape_type& shape) {
    index_t count = 1;
    bool overflow = false;
    for (index_t size : shape) {
        if (size == 0) return 0;
        overflow = overflow || __builtin_mul_overflow(count, size, &count);
    }
    if (overflow) detail::throw_too_many_elements(shape);
    return count;
}

/// Strides, in elements, of a contiguous row-major array of `shape`. Throws
/// std::length_error when the sizes other than 0 multiply past index_t: the
/// strides would not fit (NumPy refuses such shapes too, even with a 0 among them).
inline strides_type row_major_strides(const shape_type& shape) {
    strides_type strides(shape.size(), 1);
    index_t step = 1;
    for (std::size_t d = shape.size(); d-- > 0;) {
        strides[d] = step;
        if (__builtin_mul_overflow(step, shape[d] == 0 ? 1 : shape[d], &step)) detail::throw_too_many_elements(shape);
    }
    return strides;
}

/// Converts a possibly negative axis (counting from the end) into [0, rank).
inline std::size_t normalize_axis(index_t axis, std::size_t rank, const char* what = "axis") {
    const auto r = static_cast<index_t>(rank);
    if (axis < -r || axis >= r) {
        throw std::out_of_range(std::string(what) + " " + std::to_string(axis) + " is out of range for rank " +
                                std::to_string(rank) + "; use a value in [" + std::to_string(-r) + ", " +
                                std::to_string(r) + ")");
    }
    return static_cast<std::size_t>(axis < 0 ? axis + r : axis);
}

}  // namespace loom
