#pragma once
// Shapes and strides: sizes and steps per dimension, their element count,
// their printed form `[2, 3, 4]` (docs/semantics.md, "Shapes"). Axes are
// resolved in axis.hpp.

#include <concepts>
#include <cstddef>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

#include "loom/core/checked_arithmetic.hpp"
#include "loom/core/small_vector.hpp"

namespace loom {

/// Signed index type for sizes, indices and strides (strides may be negative).
using index_t = std::ptrdiff_t;

/// Inline capacity of shapes and strides: ranks up to this never allocate.
inline constexpr std::size_t inline_rank = 8;

/// A list of one index_t per dimension. `Kind` keeps shapes and strides
/// apart: one never passes for the other, and they do not compare.
template <class Kind>
class per_dimension : public small_vector<index_t, inline_rank> {
public:
    using small_vector::small_vector;

    /// Equal when every entry is.
    friend bool operator==(const per_dimension& a, const per_dimension& b) {
        return static_cast<const small_vector&>(a) == static_cast<const small_vector&>(b);
    }
    template <class Other>
        requires(!std::same_as<Other, Kind>)
    friend bool operator==(const per_dimension&, const per_dimension<Other>&) = delete;  // a shape is no strides
};

struct shape_kind;
struct strides_kind;

/// Sizes per dimension.
using shape_type = per_dimension<shape_kind>;
/// Steps per dimension, in elements (0 and negative allowed).
using strides_type = per_dimension<strides_kind>;

/// Maps each dimension of an operand onto a dimension of the shape it is
/// read in, or -1 where it has no counterpart (a size-1 dimension dropped
/// by a PDPD placement).
using dimension_map = small_vector<index_t, inline_rank>;

/// `[2, 3, 4]`; `[]` for rank 0.
template <class Kind>
std::string to_string(const per_dimension<Kind>& dims) {
    std::string text = "[";
    for (std::size_t d = 0; d < dims.size(); ++d) {
        if (d != 0) text += ", ";
        text += std::to_string(dims[d]);
    }
    return text + "]";
}

/// Writes a shape or strides as to_string does: `[2, 3]`.
template <class Stream, class Kind>
    requires requires(Stream& os, const std::string& s) { os << s; }
Stream& operator<<(Stream& os, const per_dimension<Kind>& dims) {
    os << to_string(dims);
    return os;
}

/// The largest rank a shape may have: NumPy's limit is 32, PyTorch's 64.
/// Ranks come from callers and files, and a rank without a limit would let
/// a 300 KB `.npy` header ask for a shape of rank 100,000.
inline constexpr std::size_t max_rank = 64;

namespace detail {

// The refusal of a function whose result, made from `operands` of `shape`,
// would have `rank` dimensions, above max_rank. The text is built only here,
// when it throws.
[[noreturn]] inline void throw_result_rank(const char* function, const char* operands, const shape_type& shape,
                                           std::size_t rank) {
    throw std::invalid_argument(std::string(function) + ": the result from " + operands + " of shape " +
                                to_string(shape) + " would have rank " + std::to_string(rank) +
                                ", beyond loom's maximum rank, " +
                                std::to_string(max_rank) + "; the result may have at most " +
                                std::to_string(max_rank) + " dimensions");
}

}  // namespace detail

/// Throws std::invalid_argument if the rank is above max_rank or a size is
/// negative: every shape a tensor, view or layout is made of passes here.
inline void check_shape(const shape_type& shape) {
    if (shape.size() > max_rank) {
        throw std::invalid_argument("a shape of rank " + std::to_string(shape.size()) + " is beyond loom's maximum rank, " +
                                    std::to_string(max_rank) + "; use at most " + std::to_string(max_rank) +
                                    " dimensions");
    }
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
    const auto sum = checked_add(total, size);
    if (!sum) throw_too_many_elements(shape);
    return *sum;
}

}  // namespace detail

/// Number of elements of the sizes `sizes` (1 for none; 0 when one is 0,
/// whatever the others), or nothing when the count does not fit in index_t.
/// A shape_type at run time, or a std::array of fixed sizes at compile time.
template <class Sizes>
[[nodiscard]] constexpr std::optional<index_t> checked_element_count(const Sizes& sizes) noexcept {
    index_t count = 1;
    bool overflow = false;
    for (const index_t size : sizes) {
        if (size == 0) return 0;
        const auto product = checked_mul(count, size);
        overflow = overflow || !product;
        count = product.value_or(count);
    }
    if (overflow) return std::nullopt;
    return count;
}

/// Number of elements of `shape` (1 for rank 0). Throws std::length_error
/// when the count does not fit in index_t, instead of wrapping around.
inline index_t element_count(const shape_type& shape) {
    const auto count = checked_element_count(shape);
    if (!count) detail::throw_too_many_elements(shape);
    return *count;
}

namespace detail {

// True when `a` and `b`, two shapes of rank R, have the same sizes: R
// comparisons with no loop over a run-time rank, for shapes whose rank a
// type fixes (a tensor of rank<R> or of fixed shape, an expression of them).
// The caller knows both ranks are R; operator== checks the ranks too.
template <std::size_t R>
bool equal_sizes(const shape_type& a, const shape_type& b) {
    for (std::size_t d = 0; d < R; ++d) {
        if (a[d] != b[d]) return false;
    }
    return true;
}

}  // namespace detail

/// Strides, in elements, of a contiguous row-major array of `shape`. Throws
/// std::length_error when the sizes other than 0 multiply past index_t: the
/// strides would not fit (NumPy refuses such shapes too, even with a 0 among them).
inline strides_type row_major_strides(const shape_type& shape) {
    strides_type strides(shape.size());
    index_t step = 1;
    for (std::size_t d = shape.size(); d-- > 0;) {
        strides[d] = step;
        const auto next = checked_mul(step, shape[d] == 0 ? 1 : shape[d]);
        if (!next) detail::throw_too_many_elements(shape);
        step = *next;
    }
    return strides;
}

/// The sizes of `shape` other than 0 multiplied, times `element_size`: the
/// bytes a row-major array of `shape` spans, counting every size but 0, which
/// its strides must reach; nothing when that does not fit in index_t. The
/// sizes must be 0 or more (check_shape).
[[nodiscard]] inline std::optional<index_t> checked_span_bytes(const shape_type& shape,
                                                               std::size_t element_size) noexcept {
    std::optional<index_t> bytes = static_cast<index_t>(element_size);
    for (const index_t size : shape) {
        bytes = checked_mul(*bytes, size == 0 ? index_t{1} : size);
        if (!bytes) return std::nullopt;
    }
    return bytes;
}

/// Throws std::length_error when an array of `shape` whose elements take
/// `element_size` bytes cannot exist: its sizes other than 0 times the
/// element size must fit in index_t, so that its strides and extent in bytes
/// do (NumPy refuses such shapes too, even with a 0 among them: "array is
/// too big"). The sizes must be 0 or more (check_shape).
inline void check_byte_size(const shape_type& shape, std::size_t element_size) {
    if (!checked_span_bytes(shape, element_size)) {
        throw std::length_error("shape " + to_string(shape) + " of " + std::to_string(element_size) +
                                "-byte elements spans more bytes than fit in a " +
                                std::to_string(std::numeric_limits<index_t>::digits + 1) +
                                "-bit index (counting every size but 0); use smaller sizes");
    }
}

}  // namespace loom
