#pragma once
// The finished loop plan of an expression, for the tests of plan building:
// the plan an assignment into a new contiguous result would run if it took
// the plan's path, whichever path it takes (path_of says which).

#include "loom/loom.hpp"

namespace loom::testing {

/// The plan of storing `value` into new contiguous memory, its dimensions
/// dropped, merged and tiled. Its destination has no memory: it is for reading.
template <expression E>
loop_plan planned(const E& value) {
    using D = value_type_of<E>;
    loop_plan plan = map_operands(static_cast<const D*>(nullptr), strided_layout(value.shape()), value);
    shape_loop(plan);
    return plan;
}

}  // namespace loom::testing
