#pragma once
// The arguments of NumPy-style indexing, `t(1, range(1, 5, 2), all, newaxis,
// ellipsis, -1)`, the same arguments as a list built at run time
// (`index_list`), and Python's rules for them.

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "loom/core/shape.hpp"

namespace loom {

/// An omitted bound of a range, as Python's `None`: `range(1, none)` is `1:`.
/// (`broadcast::none` is the broadcast spec of identical shapes, and
/// `loss_reduction::none` a loss's per-element result: other names.)
inline constexpr std::nullopt_t none = std::nullopt;

/// Python's slice `start:stop:step`: bounds may be negative (counted from the
/// end) or none, and are clipped to the dimension.
struct range {
    /// The first index; none: the start (the end for a negative step).
    std::optional<index_t> start;
    /// Where the range stops, excluded; none: past the end (before the start for a negative step).
    std::optional<index_t> stop;
    /// The step; a step of 0 is refused when the range is used (std::invalid_argument).
    index_t step = 1;

    /// `range(start, stop, step)`: Python's `start:stop:step`.
    range(std::optional<index_t> start_, std::optional<index_t> stop_, index_t step_ = 1)
        : start(start_), stop(stop_), step(step_) {}
};

/// The type of `all`.
struct all_t {};
/// Every element of a dimension in an index, `t(all, 1)`: NumPy's `:`.
/// numpy.all, the reduction, is `all_of` (reduce/reductions.hpp).
inline constexpr all_t all{};

/// A new dimension of size 1 (`np.newaxis`).
struct newaxis_t {};
/// A new dimension of size 1 in an index (NumPy: numpy.newaxis).
inline constexpr newaxis_t newaxis{};

/// As many `all` as the dimensions not indexed otherwise (`...`).
struct ellipsis_t {};
/// `...` in an index (NumPy: Ellipsis).
inline constexpr ellipsis_t ellipsis{};

/// What may index a dimension.
template <class A>
concept index_argument = std::integral<std::remove_cvref_t<A>> || std::same_as<std::remove_cvref_t<A>, range> ||
                         std::same_as<std::remove_cvref_t<A>, all_t> ||
                         std::same_as<std::remove_cvref_t<A>, newaxis_t> ||
                         std::same_as<std::remove_cvref_t<A>, ellipsis_t>;

/// One indexing argument chosen at run time: an integer of any integer type
/// (kept as an index_t), a range, all, newaxis or ellipsis.
struct index_item : std::variant<index_t, range, all_t, newaxis_t, ellipsis_t> {
    /// An integer index, of any integer type.
    template <std::integral I>
    index_item(I index) : variant(static_cast<index_t>(index)) {
        if constexpr (std::is_unsigned_v<I> && sizeof(I) >= sizeof(index_t)) {
            if (index > static_cast<std::make_unsigned_t<index_t>>(std::numeric_limits<index_t>::max())) {
                unsigned_index = index;
            }
        }
    }
    /// A range: `range(1, none)`.
    index_item(range r) : variant(r) {}
    /// `all`: every element of the dimension.
    index_item(all_t a) : variant(a) {}
    /// `newaxis`: a new dimension of size 1.
    index_item(newaxis_t n) : variant(n) {}
    /// `ellipsis`: as many `all` as the dimensions not indexed otherwise.
    index_item(ellipsis_t e) : variant(e) {}

    /// An unsigned index beyond index_t, as given: out of range for every
    /// dimension (the variant then holds it wrapped, which is never used).
    std::optional<std::uint64_t> unsigned_index;
};

/// An index built at run time, NumPy's `t[tuple(items)]`: `t(index_list{1, range(0, 2), ellipsis})`.
using index_list = std::vector<index_item>;

/// A range resolved against a dimension of `size`: the first index, the step
/// and the number of elements (Python's PySlice_AdjustIndices).
struct resolved_range {
    index_t first;
    index_t step;
    index_t length;
};

/// A range resolved against dimension `dimension`, of `size`, of `shape`
/// (which the message of a step of 0 names).
inline resolved_range resolve(const range& r, index_t size, std::size_t dimension, const shape_type& shape) {
    if (r.step == 0) {
        throw std::invalid_argument("range for dimension " + std::to_string(dimension) + " of shape " +
                                    to_string(shape) + " has step 0; use a positive or negative step");
    }
    // Python clamps the step to [-max, max], so that negating it never overflows.
    const index_t step = std::max(r.step, -std::numeric_limits<index_t>::max());
    const bool backwards = step < 0;
    const auto clip = [&](std::optional<index_t> bound, index_t if_none) {
        if (!bound) return if_none;
        index_t i = *bound < 0 ? *bound + size : *bound;
        if (i < 0) return backwards ? index_t{-1} : index_t{0};
        if (i >= size) return backwards ? size - 1 : size;
        return i;
    };
    const index_t first = clip(r.start, backwards ? size - 1 : 0);
    const index_t stop = clip(r.stop, backwards ? index_t{-1} : size);
    index_t length = 0;
    if (!backwards && stop > first) length = (stop - first - 1) / step + 1;
    if (backwards && first > stop) length = (first - stop - 1) / -step + 1;
    return {first, step, length};
}

/// resolve() for a dimension of `size` known on its own; messages show it
/// as the shape `[size]`.
inline resolved_range resolve(const range& r, index_t size, std::size_t dimension) {
    return resolve(r, size, dimension, shape_type{size});
}

namespace detail {

[[noreturn]] inline void throw_index_out_of_range(const std::string& index, index_t size, std::size_t dimension,
                                                  const shape_type& shape) {
    throw std::out_of_range("index " + index + " is out of range for dimension " + std::to_string(dimension) +
                            " of size " + std::to_string(size) + " in shape " + to_string(shape) +
                            "; use an index in [" + std::to_string(-size) + ", " + std::to_string(size) + ")");
}

}  // namespace detail

/// An integer index checked against a dimension: negative counts from the end.
inline index_t resolve_index(index_t index, index_t size, std::size_t dimension, const shape_type& shape) {
    const index_t wrapped = index < 0 ? index + size : index;
    if (wrapped < 0 || wrapped >= size) detail::throw_index_out_of_range(std::to_string(index), size, dimension, shape);
    return wrapped;
}

/// resolve_index for an index of any integer type: an unsigned one beyond
/// index_t is out of range (it never wraps to a negative index), and the
/// message quotes it as given.
template <std::integral I>
index_t resolve_index(I index, index_t size, std::size_t dimension, const shape_type& shape) {
    if constexpr (std::is_unsigned_v<I> && sizeof(I) >= sizeof(index_t)) {
        if (index > static_cast<std::make_unsigned_t<index_t>>(std::numeric_limits<index_t>::max())) {
            detail::throw_index_out_of_range(std::to_string(index), size, dimension, shape);
        }
    }
    return resolve_index(static_cast<index_t>(index), size, dimension, shape);
}

/// resolve_index for an index given at run time (index_list).
inline index_t resolve_index(const index_item& item, index_t index, index_t size, std::size_t dimension,
                             const shape_type& shape) {
    if (item.unsigned_index) return resolve_index(*item.unsigned_index, size, dimension, shape);
    return resolve_index(index, size, dimension, shape);
}

}  // namespace loom
