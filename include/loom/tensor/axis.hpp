#pragma once
// The axis argument of the joining, sorting and searching functions: an
// index (negative counts from the end) checked with the function's name in
// its message, or `flat`, NumPy's `axis=None`, for the operands flattened in
// row-major order.

#include <cstddef>
#include <stdexcept>
#include <string>

#include "loom/core/shape.hpp"

namespace loom {

/// The type of `flat`.
struct flat_t {
    explicit flat_t() = default;
};

/// `concatenate(operands, flat)`, `sort(x, flat)`: as NumPy's `axis=None`.
inline constexpr flat_t flat{};

namespace detail {

// `axis` of a shape of `rank` dimensions (the shape's, or one more where a
// new axis is placed), as an index in [0, rank). Throws std::out_of_range
// with `name` (the function) and the shape.
inline std::size_t resolve_named_axis(const char* name, index_t axis, const shape_type& shape, std::size_t rank) {
    if (const auto d = axis_index(axis, rank)) return *d;
    if (rank == 0) {
        throw std::out_of_range(std::string(name) + ": axis " + std::to_string(axis) +
                                " is out of range for shape [], which has no axes; give an array of rank 1 or more");
    }
    detail::throw_axis_out_of_range((std::string(name) + ": axis").c_str(), axis, "shape " + to_string(shape), rank);
}

inline std::size_t resolve_named_axis(const char* name, index_t axis, const shape_type& shape) {
    return resolve_named_axis(name, axis, shape, shape.size());
}

}  // namespace detail

}  // namespace loom
