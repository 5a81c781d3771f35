#pragma once
// Test support for views: the values and strides of any expression and the
// printed loop plan (messages of exceptions: error_text.hpp).

#include <sstream>
#include <string>
#include <vector>

#include "error_text.hpp"
#include "loom/loom.hpp"

namespace loom::testing {

/// The elements of any expression (tensor, view or lazy node) in row-major order.
template <expression E>
std::vector<value_type_of<E>> elements_of(const E& e) {
    const tensor<value_type_of<E>> t(e);
    return std::vector<value_type_of<E>>(t.begin(), t.end());
}

/// The printed loop plan that evaluating `e` runs.
template <expression E>
std::string plan_text(const E& e) {
    std::ostringstream os;
    os << plan_of(e);
    return os.str();
}

}  // namespace loom::testing
