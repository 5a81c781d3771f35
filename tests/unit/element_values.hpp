#pragma once
// Test support: the elements of any expression as a std::vector, to compare
// with the values NumPy gives.

#include <limits>
#include <vector>

#include "loom/loom.hpp"

namespace loom::testing {

/// The elements of any expression (tensor, view or lazy node) in row-major order.
template <expression E>
std::vector<value_type_of<E>> elements_of(const E& e) {
    const tensor<value_type_of<E>> t(e);
    return std::vector<value_type_of<E>>(t.begin(), t.end());
}

/// The elements of an expression evaluated by loom::eval into a new tensor.
template <expression E>
std::vector<value_type_of<E>> evaluated(const E& e) {
    return elements_of(loom::eval(e));
}

/// A quiet NaN and infinity, for the tests of NumPy's rules on them.
inline constexpr double nan = std::numeric_limits<double>::quiet_NaN();
inline constexpr double inf = std::numeric_limits<double>::infinity();

}  // namespace loom::testing
