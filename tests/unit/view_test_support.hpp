#pragma once
// Test support for views: the printed loop plan, with the helpers view tests
// use beside it (element_values.hpp, error_text.hpp).

#include <sstream>
#include <string>

#include "element_values.hpp"
#include "error_text.hpp"
#include "loom/loom.hpp"
#include "planned.hpp"

namespace loom::testing {

/// The printed loop plan of evaluating `e` (planned.hpp).
template <expression E>
std::string plan_text(const E& e) {
    std::ostringstream os;
    os << planned(e);
    return os.str();
}

/// 0, 1, ..., 23 as int32 in shape [2, 3, 4], the array many view tests start from.
inline tensor<int> a_2x3x4() { return iota_tensor<int>({2, 3, 4}); }

}  // namespace loom::testing
