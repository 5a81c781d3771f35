#pragma once
// The loop plan as text, like NumPy's nditer dump: shapes, per-operand
// strides, and the inner loop's path (`std::cout << plan_of(a + b)`).

#include <ostream>
#include <string>

#include "loom/eval/plan.hpp"

namespace loom {

/// Writes the plan: its shape before and after merging, each operand's type and strides, and the
/// inner loop's path (as NumPy's nditer debug_print).
inline std::ostream& operator<<(std::ostream& os, const loop_plan& plan) {
    os << "loop plan: shape " << to_string(plan.original_shape()) << ", merged to " << to_string(plan.shape())
       << "\n";
    for (std::size_t k = 0; k < plan.operand_count(); ++k) {
        os << "  operand " << k << (k == 0 ? " (destination, " : " (") << plan.operand_type(k) << "): strides "
           << to_string(plan.operand_strides(k)) << "\n";
    }
    if (!plan.kernel().empty()) os << "  kernel: " << plan.kernel() << "\n";
    os << "  inner loop: " << plan.inner_size() << (plan.inner_size() == 1 ? " element, " : " elements, ");
    if (const auto splat = plan.unbuffered_splat()) {
        os << "path contiguous";
        if (*splat != 0) os << " (operand " << *splat << " repeated along each run)";
        return os << "\n";
    }
    os << "path blocked by " << plan.block_length() << " (";
    for (std::size_t k = 0; k < plan.operand_count(); ++k) {
        const index_t s = plan.inner_stride(k);
        if (s == 1) continue;
        if (plan.packed(k)) os << (k == 0 ? "destination" : "operand " + std::to_string(k)) << " packed in tiles; ";
        else if (k == 0) os << "destination scattered; ";
        else os << "operand " << k << (s == 0 ? " broadcast; " : " gathered; ");
    }
    os << "the rest read directly)\n";
    if (plan.tiled()) {
        os << "  tiles of " << loop_plan::tile_rows << " x " << loop_plan::tile_columns
           << " elements over the last two dimensions\n";
    }
    return os;
}

}  // namespace loom
