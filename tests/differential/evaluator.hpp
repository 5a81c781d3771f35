#pragma once
// The loom side of the differential test: a case evaluated in loom.

#include "model.hpp"

namespace loom::differential {

/// The case evaluated in loom: as one expression if it is fused, else node
/// by node. A loom::broadcast_error gives outcome::kind::broadcast_error, any
/// other exception outcome::kind::other_error.
outcome evaluate_in_loom(const test_case& c);

/// The case evaluated node by node, each node one loom call evaluated into a
/// tensor, even when it is fused.
outcome evaluate_node_by_node(const test_case& c);

}  // namespace loom::differential
