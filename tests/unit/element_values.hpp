#pragma once
// Test support: the elements of any expression as a std::vector, to compare
// with the values NumPy gives.

#include <vector>

#include "loom/loom.hpp"

namespace loom::testing {

/// The elements of any expression (tensor, view or lazy node) in row-major order.
template <expression E>
std::vector<value_type_of<E>> elements_of(const E& e) {
    const tensor<value_type_of<E>> t(e);
    return std::vector<value_type_of<E>>(t.begin(), t.end());
}

}  // namespace loom::testing
