#pragma once
// average (weighted or not) and ptp, as NumPy's. Unweighted average and ptp
// are lazy reductions (mean, and max - min); a weighted average checks the
// sum of its weights first and so returns an evaluated tensor. Includes
// nothing beyond loom's tensor, manipulation and reduction headers.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "loom/manipulate/broadcast_views.hpp"
#include "loom/manipulate/manipulation.hpp"
#include "loom/reduce/reductions.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom {

/// A weighted average and the sum of the weights it divided by, both of the
/// average's shape (numpy.average with returned=True).
struct average_result {
    /// The weighted average.
    tensor<double> average;
    /// The sum of the weights over the same axes.
    tensor<double> sum_of_weights;
};

namespace detail {

// The sizes that put `weights` against `shape`: its own shape when it is
// `shape`, else (1-D weights along one axis) 1s with its length at the axis.
// Throws std::invalid_argument for any other weights, as NumPy raises.
inline std::vector<index_t> weight_sizes(const shape_type& shape, const shape_type& weights, const axis_set& axes) {
    if (weights == shape) return std::vector<index_t>(shape.begin(), shape.end());
    const std::string shapes = "weights of shape " + to_string(weights) + " for an array of shape " +
                               to_string(shape);
    if (axes.every() || axes.axes().size() != 1) {
        throw std::invalid_argument("average: " + shapes +
                                    " need one axis when the shapes differ; give the axis the weights run along, "
                                    "or weights of the array's shape");
    }
    if (weights.size() != 1) {
        throw std::invalid_argument("average: " + shapes + " must be 1-D when the shapes differ; give 1-D weights "
                                    "along the axis, or weights of the array's shape");
    }
    const std::size_t axis = resolve_axis("average", axes.axes()[0], shape);
    if (weights[0] != shape[axis]) {
        throw std::invalid_argument("average: " + shapes + " do not fit axis " + std::to_string(axis) + ", of size " +
                                    std::to_string(shape[axis]) + "; give " + std::to_string(shape[axis]) +
                                    " weights");
    }
    std::vector<index_t> sizes(shape.size(), 1);
    sizes[axis] = weights[0];
    return sizes;
}

}  // namespace detail

/// numpy.average without weights: mean, lazy, with mean's result types.
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for an axis given
/// twice.
template <expression X>
auto average(X&& x, const axis_set& axes = flat, bool keepdims = false) {
    return mean(std::forward<X>(x), axes, keepdims);
}

/// numpy.average with weights and returned=True: sum(x * w) / sum(w) over
/// `axes`, and sum(w). The weights have x's shape, or are 1-D along the one
/// axis given. float64, as NumPy's for every real type. Evaluated: tensors.
/// Throws std::invalid_argument for weights whose shape does not fit (NumPy's
/// TypeError or ValueError), for weights that sum to 0 in some slice (NumPy's
/// ZeroDivisionError) and for an axis given twice; std::out_of_range for an
/// axis out of range.
template <expression X, expression W>
average_result average_returned(const X& x, const W& weights, const axis_set& axes = flat, bool keepdims = false) {
    const auto sizes = detail::weight_sizes(x.shape(), weights.shape(), axes);
    const auto w = broadcast_to(reshape(view_of(weights), sizes), x.shape());
    tensor<double> total_weight = sum<double>(astype<double>(w), axes, keepdims);
    // 1-D weights are checked themselves, as NumPy does, even when x has no other elements.
    const tensor<double> checked =
        weights.shape() == x.shape() ? total_weight : tensor<double>(sum<double>(astype<double>(weights)));
    for (double s : checked) {
        if (s == 0) {
            throw std::invalid_argument("average: weights of shape " + to_string(weights.shape()) +
                                        " sum to 0 in a slice of shape " + to_string(x.shape()) +
                                        ", which cannot be normalised (NumPy raises ZeroDivisionError); "
                                        "give weights with a non-zero sum over each slice");
        }
    }
    tensor<double> result = sum<double>(astype<double>(x) * astype<double>(w), axes, keepdims) / total_weight;
    return {std::move(result), std::move(total_weight)};
}

/// numpy.average with weights: the average of average_returned alone.
/// Throws as average_returned.
template <expression X, expression W>
tensor<double> average(const X& x, const W& weights, const axis_set& axes = flat, bool keepdims = false) {
    return std::move(average_returned(x, weights, axes, keepdims).average);
}

/// numpy.ptp: max - min over `axes`, lazy, in x's type (integers wrap
/// around, as NumPy's). bool does not compile: NumPy refuses to subtract bools.
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for an axis given
/// twice, or an extent of no elements.
template <expression X>
auto ptp(X&& x, const axis_set& axes = flat, bool keepdims = false) {
    static_assert(!std::is_same_v<value_type_of<X>, bool>,
                  "ptp of bool is refused, as NumPy refuses to subtract bools; use astype<int>(x)");
    auto smallest = min(detail::reuse<X>(x), axes, keepdims);
    return max(std::forward<X>(x), axes, keepdims) - std::move(smallest);
}

}  // namespace loom
