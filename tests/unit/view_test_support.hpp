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

}  // namespace loom::testing
