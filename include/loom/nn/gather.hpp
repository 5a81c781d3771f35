#pragma once
// Selecting by index along an axis, as the class losses do: NumPy's
// take_along_axis, and PyTorch's one_hot. Both return new tensors.

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "loom/core/axis.hpp"
#include "loom/core/checked_arithmetic.hpp"
#include "loom/core/shape.hpp"
#include "loom/expr/functors_arithmetic.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom {

namespace detail {

// The multi-index of element `flat` of `shape`, as text: "[1, 0, 2]".
inline std::string position_text(index_t flat, const shape_type& shape) {
    shape_type index(shape.size());
    for (std::size_t d = shape.size(); d-- > 0;) {
        index[d] = shape[d] == 0 ? 0 : flat % shape[d];
        flat = shape[d] == 0 ? 0 : flat / shape[d];
    }
    return to_string(index);
}

// Calls visit(flat, index) for every multi-index of `shape`, in row-major order.
template <class Visit>
void for_each_index(const shape_type& shape, Visit&& visit) {
    const index_t count = element_count(shape);
    shape_type index(shape.size(), 0);
    for (index_t flat = 0; flat < count; ++flat) {
        visit(flat, static_cast<const shape_type&>(index));
        for (std::size_t d = shape.size(); d-- > 0;) {
            if (++index[d] < shape[d]) break;
            index[d] = 0;
        }
    }
}

// True for an index below 0 (never, for an unsigned type).
template <class I>
bool is_negative(I index) {
    if constexpr (std::is_signed_v<I>) return index < 0;
    else return false;
}

}  // namespace detail

/// numpy.take_along_axis: element i of `indices` along `axis` picks the
/// element of `arr` at that index along `axis`; the other dimensions of the
/// two broadcast. `indices` are integers, negative ones counting from the
/// end; they must have arr's rank.
/// Throws std::invalid_argument when the ranks differ, loom::broadcast_error when the other
/// dimensions do not broadcast, std::out_of_range for an axis or an index out of range.
template <expression A, expression I>
    requires fn::integer<value_type_of<I>>
tensor<value_type_of<A>> take_along_axis(A&& arr, I&& indices, index_t axis) {
    const auto values = view_of(std::forward<A>(arr));
    const auto picks = view_of(std::forward<I>(indices));
    const shape_type& vs = values.shape();
    const shape_type& ps = picks.shape();
    if (vs.size() != ps.size()) {
        throw std::invalid_argument("take_along_axis: arr has shape " + to_string(vs) + " and indices shape " +
                                    to_string(ps) + "; give indices of the same rank as arr (" +
                                    std::to_string(vs.size()) + ")");
    }
    const std::size_t along = resolve_axis("take_along_axis", axis, vs);
    shape_type result_shape(vs.size());
    for (std::size_t d = 0; d < vs.size(); ++d) {
        if (d == along) {
            result_shape[d] = ps[d];
        } else if (vs[d] == ps[d] || ps[d] == 1 || vs[d] == 1) {
            result_shape[d] = ps[d] == 1 ? vs[d] : ps[d];
        } else {
            throw broadcast_error("take_along_axis: arr of shape " + to_string(vs) + " and indices of shape " +
                                  to_string(ps) + " do not broadcast: size " + std::to_string(vs[d]) + " vs " +
                                  std::to_string(ps[d]) + " at dimension " + std::to_string(d) +
                                  " (every dimension but the axis must be equal, or 1 in one of them)");
        }
    }
    tensor<value_type_of<A>> result(uninitialized, result_shape);
    const index_t size = vs[along];
    detail::for_each_index(result_shape, [&](index_t flat, const shape_type& index) {
        index_t from = 0, pick_at = 0;
        for (std::size_t d = 0; d < index.size(); ++d) {
            if (d != along && vs[d] != 1) from += index[d] * values.layout().stride(d);
            if (ps[d] != 1) pick_at += index[d] * picks.layout().stride(d);
        }
        const auto raw = picks.data()[pick_at];
        const auto pick = static_cast<index_t>(raw);
        if (detail::is_negative(raw) ? pick < -size : static_cast<std::uint64_t>(raw) >= static_cast<std::uint64_t>(size)) {
            throw std::out_of_range("take_along_axis: index " + std::to_string(raw) + " at " +
                                    detail::position_text(flat, result_shape) + " is out of range for axis " +
                                    std::to_string(along) + " of size " + std::to_string(size) + " (shape " +
                                    to_string(vs) + "); give indices from -" + std::to_string(size) + " to " +
                                    std::to_string(size - 1));
        }
        from += (pick < 0 ? pick + size : pick) * values.layout().stride(along);
        result.data()[flat] = values.data()[from];
    });
    return result;
}

/// PyTorch's one_hot: for integer class indices of any shape, int64 rows of
/// `num_classes` zeros with a 1 at the index (shape: the indices' shape,
/// then num_classes). num_classes -1 takes the largest index plus 1.
/// Throws std::invalid_argument for num_classes below -1 (or -1 with no index), std::out_of_range
/// for a class index outside [0, num_classes), std::length_error when the largest index plus 1
/// does not fit in index_t or the result has more elements than fit in index_t.
template <expression I>
    requires fn::integer<value_type_of<I>>
tensor<std::int64_t> one_hot(I&& indices, index_t num_classes = -1) {
    const tensor<value_type_of<I>> classes(std::forward<I>(indices));
    if (num_classes < -1) {
        throw std::invalid_argument("one_hot: num_classes is " + std::to_string(num_classes) +
                                    "; give a count of 0 or more, or -1 to take the largest index plus 1");
    }
    if (num_classes == -1) {
        if (classes.size() == 0) {
            throw std::invalid_argument("one_hot: num_classes -1 needs at least one index (shape " +
                                        to_string(classes.shape()) + "); give the number of classes");
        }
        const auto largest = *std::max_element(classes.begin(), classes.end());
        num_classes = 0;  // for a negative largest index, refused below as any negative index
        if (!detail::is_negative(largest)) {
            const auto count = std::in_range<index_t>(largest) ? checked_add(static_cast<index_t>(largest), index_t{1})
                                                               : std::nullopt;
            if (!count) {
                throw std::length_error("one_hot: the largest class, " + std::to_string(largest) +
                                        ", plus 1 is more classes than fit in a 64-bit index; give smaller classes");
            }
            num_classes = *count;
        }
    }
    // Every class is checked before the result is allocated.
    for (index_t i = 0; i < classes.size(); ++i) {
        const auto c = classes.data()[i];
        if (detail::is_negative(c) || static_cast<std::uint64_t>(c) >= static_cast<std::uint64_t>(num_classes)) {
            throw std::out_of_range("one_hot: class " + std::to_string(c) + " at " +
                                    detail::position_text(i, classes.shape()) + " is out of range for " +
                                    std::to_string(num_classes) + " classes" +
                                    (num_classes == 0 ? std::string("; with 0 classes no class is valid: give num_classes above the "
                                                                  "largest class, or -1 to count them")
                                                      : "; classes are 0 to " + std::to_string(num_classes - 1)));
        }
    }
    if (classes.ndim() + 1 > max_rank) detail::throw_result_rank("one_hot", "indices", classes.shape(), classes.ndim() + 1);
    shape_type shape = classes.shape();
    shape.push_back(num_classes);
    tensor<std::int64_t> result(shape, 0);  // throws std::length_error when num_classes * size overflows
    for (index_t i = 0; i < classes.size(); ++i) {
        result.data()[i * num_classes + static_cast<index_t>(classes.data()[i])] = 1;
    }
    return result;
}

}  // namespace loom
