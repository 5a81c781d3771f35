#pragma once
// The lanes of a reduction that needs a line's elements together (a median,
// a quantile, the index of a largest element): the operand's elements
// copied, in the working type, into a contiguous tensor whose last
// dimension runs over the reduced axes. Includes nothing beyond loom's
// tensor, manipulation and reduction-axes headers.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "loom/manipulate/manipulation.hpp"
#include "loom/reduce/axes.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom::detail {

// The elements of `x` as type W, the kept axes first (in their order), then
// the reduced ones: each run of axes.extent(x.shape()) elements is one lane,
// and the lanes come in the row-major order of the kept axes.
template <element W, expression X>
tensor<W> lanes_over(const X& x, const reduced_axes& axes) {
    std::vector<index_t> order;
    for (std::size_t d = 0; d < axes.rank(); ++d) {
        if (!axes.reduces(d)) order.push_back(static_cast<index_t>(d));
    }
    for (std::size_t d = 0; d < axes.rank(); ++d) {
        if (axes.reduces(d)) order.push_back(static_cast<index_t>(d));
    }
    return tensor<W>(astype<W>(transpose(view_of(x), order)));
}

// The number of lanes: the elements of the kept axes.
inline index_t lane_count(const reduced_axes& axes, const shape_type& shape) {
    return element_count(axes.result_shape(shape, false));
}

// An axis_set of one axis or flat, as argmax takes it; throws
// std::invalid_argument for several axes, naming `name` and the shape.
inline void require_one_axis(const char* name, const axis_set& axis, const shape_type& shape) {
    if (!axis.every() && axis.axes().size() != 1) {
        throw std::invalid_argument(std::string(name) + ": give one axis, or flat, for shape " + to_string(shape));
    }
}

}  // namespace loom::detail
