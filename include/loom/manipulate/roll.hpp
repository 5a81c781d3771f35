#pragma once
// numpy.roll: elements shifted along an axis, those pushed past the end
// coming back at the start. A new tensor, written through two views of it.

#include <algorithm>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <vector>

#include "loom/core/axis.hpp"
#include "loom/manipulate/manipulation.hpp"
#include "loom/manipulate/split.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom {

/// `x` with element i along `axis` moved to (i + shift) mod n; the shift may
/// be negative or larger than n.
/// NumPy: numpy.roll(x, shift, axis); PyTorch: torch.roll. Throws std::out_of_range for an axis out
/// of range.
template <expression X>
tensor<value_type_of<X>> roll(const X& x, index_t shift, index_t axis) {
    using T = value_type_of<X>;
    const auto v = view_of(x);
    const std::size_t a = resolve_axis("roll", axis, v.shape());
    tensor<T> result(uninitialized, v.shape());
    const index_t n = v.shape()[a];
    if (result.size() == 0) return result;
    const index_t rest = shift % n;  // in (-n, n): adding n to a negative one cannot overflow
    const index_t s = rest < 0 ? rest + n : rest;
    detail::part_along(result.view(), a, s, n) = detail::part_along(v, a, 0, n - s);
    detail::part_along(result.view(), a, 0, s) = detail::part_along(v, a, n - s, n);
    return result;
}

/// numpy.roll with several axes: each axis rolled by its shift; one shift
/// applies to every axis, one axis takes every shift, and an axis given
/// twice is rolled by the sum. As NumPy, which broadcasts the two lists, no
/// shift or no axis rolls nothing (every axis given is still checked).
/// Throws std::invalid_argument when the shifts and axes do not pair, std::out_of_range for an axis
/// out of range.
template <expression X>
tensor<value_type_of<X>> roll(const X& x, const std::vector<index_t>& shifts, const std::vector<index_t>& axes) {
    if (shifts.size() != axes.size() && shifts.size() != 1 && axes.size() != 1) {
        throw std::invalid_argument("roll: " + std::to_string(shifts.size()) + " shifts for " +
                                    std::to_string(axes.size()) + " axes; give one shift per axis, "
                                    "or one shift or one axis for all");
    }
    for (index_t axis : axes) (void)resolve_axis("roll", axis, x.shape());
    tensor<value_type_of<X>> result(x);
    if (shifts.empty() || axes.empty()) return result;
    for (std::size_t i = 0; i < std::max(shifts.size(), axes.size()); ++i) {
        result = roll(result, shifts[shifts.size() == 1 ? 0 : i], axes[axes.size() == 1 ? 0 : i]);
    }
    return result;
}

/// numpy.roll with braced lists of shifts and axes, `roll(x, {1, 2}, {0, 1})`:
/// as the roll above, so that `roll(x, {1}, {})` rolls nothing, as NumPy
/// (the braces would otherwise pick the roll of one shift along one axis,
/// `{}` being axis 0). Throws as the roll above does.
template <expression X>
tensor<value_type_of<X>> roll(const X& x, std::initializer_list<index_t> shifts, std::initializer_list<index_t> axes) {
    return roll(x, std::vector<index_t>(shifts), std::vector<index_t>(axes));
}

/// numpy.roll without an axis: the flattened elements rolled, in x's shape.
template <expression X>
tensor<value_type_of<X>> roll(const X& x, index_t shift) {
    const shape_type& shape = x.shape();
    return reshape(roll(flatten(x), shift, 0), std::vector<index_t>(shape.begin(), shape.end()));
}

}  // namespace loom
