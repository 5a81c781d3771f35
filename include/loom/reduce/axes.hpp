#pragma once
// Which axes a reduction reduces, as NumPy's `axis` argument gives them: all
// of them (`flat`, NumPy's `axis=None`), one, or several (`{0, 2}`),
// negative ones counting from the end; and the shape that remains, with the
// reduced axes removed or, with keepdims, kept as 1s.

#include <concepts>
#include <cstddef>
#include <initializer_list>
#include <limits>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "loom/core/axis.hpp"
#include "loom/core/checked_arithmetic.hpp"
#include "loom/core/shape.hpp"
#include "loom/core/small_vector.hpp"

namespace loom {

/// The `axis` argument of a reduction: `flat` (every axis), an index, or a
/// braced list of indices.
class axis_set {
public:
    /// Every axis: `flat` (NumPy: axis=None).
    axis_set(flat_t) : every_(true) {}
    /// One axis, of any integer type (an int literal, an index_t, a
    /// std::size_t loop counter); a negative one counts from the end.
    template <std::integral I>
        requires(!std::same_as<I, bool>)
    axis_set(I axis) : axes_{as_index(axis)} {}
    /// Several axes: `{0, 2}`.
    axis_set(std::initializer_list<index_t> axes) : axes_(axes.begin(), axes.end()) {}
    /// Axes chosen at run time.
    explicit axis_set(std::span<const index_t> axes) : axes_(axes.begin(), axes.end()) {}

    /// True for `flat`.
    bool every() const { return every_; }
    /// The axes, as given (negative ones not yet resolved).
    const small_vector<index_t, inline_rank>& axes() const { return axes_; }

private:
    // An unsigned axis past index_t's range is kept as index_t's largest
    // value, which no shape has, so that it is refused as out of range
    // rather than wrapped to a negative axis that counts from the end.
    template <std::integral I>
    static index_t as_index(I axis) {
        if constexpr (std::is_unsigned_v<I>) {
            if (axis > static_cast<std::make_unsigned_t<index_t>>(std::numeric_limits<index_t>::max())) {
                return std::numeric_limits<index_t>::max();
            }
        }
        return static_cast<index_t>(axis);
    }

    bool every_ = false;
    small_vector<index_t, inline_rank> axes_;
};

/// The axes of a shape that a reduction reduces, resolved and checked.
class reduced_axes {
public:
    /// Resolves `axes` against `shape`; throws std::out_of_range for an axis
    /// outside it and std::invalid_argument for one given twice, both with
    /// `name` (the function) and the shape in the message.
    reduced_axes(const char* name, const axis_set& axes, const shape_type& shape)
        : reduced_(shape.size(), 0) {
        if (axes.every()) {
            for (auto& r : reduced_) r = 1;
            return;
        }
        for (index_t axis : axes.axes()) {
            const std::size_t d = resolve_axis(name, axis, shape);
            if (reduced_[d] != 0) {
                throw std::invalid_argument(std::string(name) + ": axis " + std::to_string(axis) +
                                            " is given twice for shape " + to_string(shape) +
                                            "; give each axis once");
            }
            reduced_[d] = 1;
        }
    }

    bool reduces(std::size_t d) const { return reduced_[d] != 0; }
    std::size_t rank() const { return reduced_.size(); }

    /// The shape left by reducing `shape`: reduced axes removed, or 1 with keepdims.
    shape_type result_shape(const shape_type& shape, bool keepdims) const {
        shape_type result;
        for (std::size_t d = 0; d < shape.size(); ++d) {
            if (!reduces(d)) result.push_back(shape[d]);
            else if (keepdims) result.push_back(1);
        }
        return result;
    }

    /// The reduced axes, in increasing order.
    small_vector<index_t, inline_rank> list() const {
        small_vector<index_t, inline_rank> axes;
        for (std::size_t d = 0; d < rank(); ++d) {
            if (reduces(d)) axes.push_back(static_cast<index_t>(d));
        }
        return axes;
    }

    /// The reduced axes in words, for messages: "axis 1", "axes [0, 2]".
    std::string describe() const {
        const auto axes = list();
        if (axes.size() == 1) return "axis " + std::to_string(axes[0]);
        return "axes " + to_string(shape_type(axes.begin(), axes.end()));
    }

    /// The number of elements each result element reduces. Throws
    /// std::length_error when it does not fit in index_t, which only a shape
    /// without elements allows: [2^62, 4, 0] over axes [0, 1].
    index_t extent(const shape_type& shape) const {
        std::optional<index_t> count = 1;
        bool empty = false;
        for (std::size_t d = 0; d < shape.size(); ++d) {
            if (!reduces(d)) continue;
            empty = empty || shape[d] == 0;
            if (count) count = checked_mul(*count, shape[d]);
        }
        if (empty) return 0;
        if (!count) {
            throw std::length_error("the " + describe() + " of shape " + to_string(shape) +
                                    " hold more elements than a " +
                                    std::to_string(std::numeric_limits<index_t>::digits + 1) +
                                    "-bit index counts; use smaller sizes");
        }
        return *count;
    }

private:
    small_vector<unsigned char, inline_rank> reduced_;
};

}  // namespace loom
