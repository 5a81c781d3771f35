#pragma once
// numpy.diff: the n-th discrete difference along an axis, out[i] = x[i + 1]
// - x[i] applied n times. Bools give bool, by `!=`, as NumPy's diff does.

#include <stdexcept>
#include <string>

#include "loom/core/axis.hpp"
#include "loom/expr/operators.hpp"
#include "loom/manipulate/split.hpp"
#include "loom/tensor/tensor.hpp"

namespace loom {

/// The n-th difference of `x` along `axis` (default the last): x's shape
/// with `axis` n shorter (0 once n reaches its size), x's element type
/// (integer differences wrap around, as in NumPy). n = 0 gives a copy.
/// Throws std::invalid_argument for a negative n or rank 0, std::out_of_range for an axis out of
/// range.
template <expression X>
tensor<value_type_of<X>> diff(const X& x, index_t n = 1, index_t axis = -1) {
    using T = value_type_of<X>;
    if (n < 0) {
        throw std::invalid_argument("diff: the order n is " + std::to_string(n) + "; it must be 0 or more");
    }
    if (x.shape().empty()) {
        throw std::invalid_argument("diff needs an array of 1 or more dimensions, but the shape is []");
    }
    const std::size_t a = resolve_axis("diff", axis, x.shape());
    tensor<T> result(x);
    for (index_t k = 0; k < n && result.shape()[a] > 0; ++k) {
        const index_t size = result.shape()[a];
        const auto later = detail::part_along(result.view(), a, 1, size);
        const auto earlier = detail::part_along(result.view(), a, 0, size - 1);
        if constexpr (std::same_as<T, bool>) result = later != earlier;
        else result = later - earlier;
    }
    return result;
}

}  // namespace loom
