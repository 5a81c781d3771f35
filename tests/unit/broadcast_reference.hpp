#pragma once
// Test support: tensors with distinct values, and NumPy's broadcasting rule
// written out index by index, as an independent oracle for what the loop
// engine computes.

#include <cstddef>
#include <numeric>
#include <vector>

#include "element_values.hpp"
#include "loom/loom.hpp"

namespace loom::testing {

/// A tensor of `shape` holding start, start + step, ... in row-major order.
template <class T>
tensor<T> iota_tensor(const shape_type& shape, T start = T(0), T step = T(1)) {
    tensor<T> result(shape);
    T value = start;
    for (T& element : result) {
        element = value;
        value = T(value + step);
    }
    return result;
}

/// The element of `operand` that NumPy's rule pairs with element `flat`
/// (row-major) of a result of shape `result`: right-align the shapes, and
/// read index 0 along every dimension where the operand has size 1.
template <class T>
T broadcast_read(const tensor<T>& operand, const shape_type& result, index_t flat) {
    const shape_type& shape = operand.shape();
    const std::size_t offset = result.size() - shape.size();
    index_t position = 0;
    index_t operand_stride = 1;
    for (std::size_t d = result.size(); d-- > 0;) {
        const index_t index = flat % result[d];
        flat /= result[d];
        if (d < offset) continue;
        const index_t size = shape[d - offset];
        if (size != 1) position += index * operand_stride;
        operand_stride *= size;
    }
    return operand.data()[position];
}

}  // namespace loom::testing
