#pragma once
// Test support for views: the printed loop plan, with the helpers view tests
// use beside it (broadcast_reference.hpp, element_values.hpp, error_text.hpp).

#include <sstream>
#include <string>

#include "broadcast_reference.hpp"
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

/// 2^32: two sizes of it broadcast to more elements than an index counts.
inline constexpr index_t two_to_32 = index_t{1} << 32;

/// A view of `shape` over one element (stride 0 everywhere): nothing allocated, however large.
inline auto one_element_seen_as(const shape_type& shape) {
    return broadcast_to(tensor<float>(shape_type(shape.size(), 1)), shape);
}

}  // namespace loom::testing
