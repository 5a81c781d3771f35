#pragma once
// The axis argument of the functions that take one: an index, negative
// counting from the end as in NumPy, resolved by resolve_axis, which every
// such function calls; or `flat`, NumPy's `axis=None`, for the operands
// flattened in row-major order.

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>

#include "loom/core/shape.hpp"

namespace loom {

/// The type of `flat`.
struct flat_t {
    explicit flat_t() = default;
};

/// `concatenate(operands, flat)`, `sort(x, flat)`, `sum(x, flat)`: as NumPy's `axis=None`.
inline constexpr flat_t flat{};

namespace detail {

// `axis` as an index in [0, rank), counting from the end when negative;
// nothing when it is outside [-rank, rank). resolve_axis is built on it; a
// caller that words its own refusal (an axis of a permutation) asks it.
inline std::optional<std::size_t> nonnegative_axis(index_t axis, std::size_t rank) {
    const auto r = static_cast<index_t>(rank);
    if (axis < -r || axis >= r) return std::nullopt;
    return static_cast<std::size_t>(axis < 0 ? axis + r : axis);
}

// The refusal of resolve_axis. Its texts are built here, when it throws, so
// that a call that succeeds allocates nothing.
[[noreturn]] inline void throw_axis_out_of_range(const char* function, const char* argument, index_t axis,
                                                 const shape_type& shape, std::size_t rank) {
    const std::string what = std::string(function) + ": " + argument + " " + std::to_string(axis) +
                             " is out of range for shape " + to_string(shape);
    if (rank == 0) throw std::out_of_range(what + ", which has no axes; give an array of rank 1 or more");
    const std::string r = std::to_string(rank);
    throw std::out_of_range(what + "; use a value in [-" + r + ", " + r + ")");
}

}  // namespace detail

/// `axis` of an array of `shape` as an index in [0, rank), counting from the
/// end when negative; `rank` is the shape's, or one more where a new axis is
/// placed (`stack`, `unsqueeze`).
/// Throws std::out_of_range, naming `function`, `argument` (the parameter,
/// "axis" unless given), the axis, the shape and the values allowed:
/// `sort: axis 2 is out of range for shape [2, 3]; use a value in [-2, 2)`;
/// for rank 0, that the shape has no axes.
inline std::size_t resolve_axis(const char* function, index_t axis, const shape_type& shape, std::size_t rank,
                                const char* argument = "axis") {
    if (const auto d = detail::nonnegative_axis(axis, rank)) return *d;
    detail::throw_axis_out_of_range(function, argument, axis, shape, rank);
}

/// resolve_axis with the shape's own rank: an existing axis of `shape`.
/// Throws std::out_of_range as above.
inline std::size_t resolve_axis(const char* function, index_t axis, const shape_type& shape,
                                const char* argument = "axis") {
    return resolve_axis(function, axis, shape, shape.size(), argument);
}

}  // namespace loom
