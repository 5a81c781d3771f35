#pragma once
// Repeating an array, as NumPy: tile (the whole array, along each axis) and
// repeat (each element, or each slice along an axis). Both return a new
// tensor, written through views of it from a read-only broadcast view of
// the input, so the input is read where it is and never copied first.

#include <algorithm>
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "loom/core/axis.hpp"
#include "loom/core/checked_arithmetic.hpp"
#include "loom/manipulate/manipulation.hpp"
#include "loom/manipulate/split.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom {

namespace detail {

inline std::string counts_text(const std::vector<index_t>& counts) {
    return to_string(shape_type(counts.begin(), counts.end()));
}

inline void check_counts(const char* name, const std::vector<index_t>& counts) {
    for (index_t count : counts) {
        if (count < 0) {
            throw std::invalid_argument(std::string(name) + ": the repetitions " + counts_text(counts) +
                                        " include the negative count " + std::to_string(count) +
                                        "; counts must be 0 or more");
        }
    }
}

}  // namespace detail

/// numpy.tile: `x` repeated reps[d] times along each axis d. When reps and x
/// differ in rank, the shorter is padded with leading 1s, so the result has
/// the larger rank.
/// Throws std::invalid_argument for a negative count or a result of rank above max_rank,
/// std::length_error for a result with more elements than fit in index_t.
template <expression X>
tensor<value_type_of<X>> tile(const X& x, const std::vector<index_t>& reps) {
    using T = value_type_of<X>;
    detail::check_counts("tile", reps);
    const auto v = view_of(x);
    const std::size_t rank = std::max(v.ndim(), reps.size());
    if (rank > max_rank) detail::throw_result_rank("tile", "an operand", v.shape(), rank);
    shape_type source_shape(rank - v.ndim(), 1), times(rank - reps.size(), 1), result_shape;
    strides_type source_strides(rank - v.ndim(), 0);
    for (std::size_t d = 0; d < v.ndim(); ++d) {
        source_shape.push_back(v.shape()[d]);
        source_strides.push_back(v.strides()[d]);
    }
    for (index_t r : reps) times.push_back(r);
    for (std::size_t d = 0; d < rank; ++d) {
        const auto size = checked_mul(source_shape[d], times[d]);
        if (!size) {
            throw std::length_error("tile: shape " + to_string(v.shape()) + " repeated " + detail::counts_text(reps) +
                                    " times has a size of " + std::to_string(source_shape[d]) + " * " +
                                    std::to_string(times[d]) + " elements at dimension " + std::to_string(d) +
                                    ", more than fit in a 64-bit index; use fewer repetitions");
        }
        result_shape.push_back(*size);
    }
    tensor<T> result(uninitialized, result_shape);
    if (result.size() == 0) return result;
    // The result seen as [times[0], source[0], times[1], source[1], ...], and
    // x broadcast to that shape with stride 0 along each times[d]. Sizes of 1
    // are left out: the split shape keeps within max_rank for any result.
    shape_type split_shape;
    strides_type target_strides, repeated_strides;
    for (std::size_t d = 0; d < rank; ++d) {
        if (times[d] != 1) {
            split_shape.push_back(times[d]);
            target_strides.push_back(result.strides()[d] * source_shape[d]);
            repeated_strides.push_back(0);
        }
        if (source_shape[d] != 1) {
            split_shape.push_back(source_shape[d]);
            target_strides.push_back(result.strides()[d]);
            repeated_strides.push_back(source_strides[d]);
        }
    }
    tensor_view<T> target(result.data(), split_shape, std::move(target_strides));
    target = tensor_view<const T>(v.data(), split_shape, std::move(repeated_strides));
    return result;
}
/// tile with one count, for the last dimension (NumPy: numpy.tile(x, reps)); throws as above.
template <expression X>
tensor<value_type_of<X>> tile(const X& x, index_t reps) {
    return tile(x, std::vector<index_t>{reps});
}

/// numpy.repeat along `axis`: slice i of `x` along `axis` repeated counts[i]
/// times; one count applies to every slice.
/// Throws std::invalid_argument for a negative count or a number of counts that is neither 1 nor
/// the number of slices, std::out_of_range for an axis out of range, std::length_error for a
/// result with more elements than fit in index_t.
template <expression X>
tensor<value_type_of<X>> repeat(const X& x, const std::vector<index_t>& counts, index_t axis) {
    using T = value_type_of<X>;
    detail::check_counts("repeat", counts);
    const auto v = view_of(x);
    const std::size_t a = resolve_axis("repeat", axis, v.shape());
    const index_t n = v.shape()[a];
    if (counts.size() != 1 && static_cast<index_t>(counts.size()) != n) {
        throw std::invalid_argument("repeat: " + std::to_string(counts.size()) + " counts " +
                                    detail::counts_text(counts) + " for the " + std::to_string(n) +
                                    " slices along axis " + std::to_string(a) + " of shape " + to_string(v.shape()) +
                                    "; give one count, or one per slice");
    }
    const auto count_of = [&](index_t i) { return counts.size() == 1 ? counts[0] : counts[std::size_t(i)]; };
    // One count is multiplied, not added n times: n may be huge for a broadcast view.
    std::optional<index_t> total = index_t{0};
    if (counts.size() == 1) {
        total = checked_mul(n, counts[0]);
    } else {
        for (index_t count : counts) total = total ? checked_add(*total, count) : std::nullopt;
    }
    if (!total) {
        throw std::length_error("repeat: the counts " + detail::counts_text(counts) + " for the " + std::to_string(n) +
                                " slices along axis " + std::to_string(a) + " of shape " + to_string(v.shape()) +
                                " add up to more elements than fit in a 64-bit index; use smaller counts");
    }
    shape_type shape = v.shape();
    shape[a] = *total;
    tensor<T> result(uninitialized, shape);
    if (result.size() == 0) return result;
    index_t start = 0;
    for (index_t i = 0; i < n; ++i) {
        const index_t count = count_of(i);
        if (count == 0) continue;
        detail::part_along(result.view(), a, start, start + count) = detail::part_along(v, a, i, i + 1);  // broadcast
        start += count;
    }
    return result;
}
/// numpy.repeat along `axis` with one count for every slice; throws as above.
template <expression X>
tensor<value_type_of<X>> repeat(const X& x, index_t count, index_t axis) {
    return repeat(x, std::vector<index_t>{count}, axis);
}

/// numpy.repeat without an axis: each element of `x` flattened repeated.
/// Throws as repeat along an axis does.
template <expression X>
tensor<value_type_of<X>> repeat(const X& x, const std::vector<index_t>& counts) {
    return repeat(flatten(x), counts, 0);
}
/// numpy.repeat without an axis, with one count for every element; throws as above.
template <expression X>
tensor<value_type_of<X>> repeat(const X& x, index_t count) {
    return repeat(flatten(x), std::vector<index_t>{count}, 0);
}

}  // namespace loom
