#pragma once
// The broadcast specs of element-wise operations (docs/semantics.md,
// "Broadcast specs"): which rule aligns B with A, and the PDPD axis. The
// rules themselves are in core/broadcast.hpp.
//
// Cost of including: core/shape.hpp only.

#include "loom/core/shape.hpp"

namespace loom {

/// How an element-wise binary operation aligns its operands' shapes.
struct broadcast_spec {
    /// The rule.
    enum class mode {
        none,                ///< shapes must be identical
        numpy,               ///< NumPy's rule (the default, and what operators use)
        pdpd,                ///< OpenVINO's PDPD: B placed onto A at `axis`; only B broadcasts
        paddle_elementwise,  ///< Paddle's elementwise_* ops: B placed at `axis`, then NumPy's rule
    };
    /// Which rule.
    mode kind = mode::numpy;
    /// Where B is placed on A's dimensions, for pdpd and paddle_elementwise (-1: at the end).
    index_t axis = -1;

    /// Equal when the rules and the axes are.
    friend constexpr bool operator==(const broadcast_spec&, const broadcast_spec&) = default;
};

/// The broadcast specs, spelled as at a call site: `add(a, b, broadcast::pdpd(1))`.
namespace broadcast {
/// The shapes must be identical (OpenVINO's NONE). Not `loom::none`, an
/// omitted bound of a range.
inline constexpr broadcast_spec none{broadcast_spec::mode::none, -1};
/// NumPy's rule, the default (OpenVINO's NUMPY).
inline constexpr broadcast_spec numpy{broadcast_spec::mode::numpy, -1};
/// OpenVINO's PDPD rule, from its broadcast rules: the result has A's shape.
constexpr broadcast_spec pdpd(index_t axis = -1) { return {broadcast_spec::mode::pdpd, axis}; }
/// Paddle's element-wise rule (PaddlePaddle's broadcasting guide): a 1 in A may grow.
constexpr broadcast_spec paddle_elementwise(index_t axis = -1) {
    return {broadcast_spec::mode::paddle_elementwise, axis};
}
}  // namespace broadcast

}  // namespace loom
