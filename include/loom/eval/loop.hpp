#pragma once
// The one loop: it walks a finished plan and hands a kernel, run after run,
// each operand's address at the run's first element, the inner strides and
// the run's length (PyTorch's loop2d idea). The kernel does the work:
// storing an expression (store_kernel.hpp), folding it into a reduction
// (reduce/reduce_kernel.hpp), or calling a product once per batch element
// (linalg/matmul.hpp). Row by row, or for some transposed layouts tile by
// tile over the last two dimensions (Note [tiling] in plan.hpp).
//
// The outer iteration space is cut into units that any caller may run in
// any sub-range (one per thread): a unit is one row of the inner dimension,
// or, in a tiled plan, one band of tile_rows rows walked tile by tile.

#include <algorithm>
#include <concepts>
#include <cstddef>

#include "loom/core/shape.hpp"
#include "loom/core/small_vector.hpp"
#include "loom/eval/plan.hpp"

namespace loom {

/// What the loop calls: `kernel(data, strides, count)` with data[k] operand
/// k's address at the run's start (operand 0: the destination), strides[k]
/// its inner stride in elements, and the number of elements of the run.
template <class K>
concept loop_kernel = requires(K& kernel, const std::byte* const* data, const index_t* strides, index_t count) {
    kernel(data, strides, count);
};

/// The number of units of `plan`'s outer iteration space: run_plan takes any
/// range of [0, units).
inline index_t outer_units(const loop_plan& plan) {
    if (plan.empty()) return 0;
    const std::size_t outer = plan.tiled() ? plan.rank() - 2 : plan.rank() - 1;
    index_t units = 1;
    for (std::size_t d = 0; d < outer; ++d) units *= plan.shape()[d];
    if (plan.tiled()) {
        const index_t rows = plan.shape()[plan.rank() - 2];
        units *= (rows + loop_plan::tile_rows - 1) / loop_plan::tile_rows;
    }
    return units;
}

/// Runs `kernel` over units [first, last) of `plan` (coalesced; see outer_units).
template <loop_kernel Kernel>
void run_plan(const loop_plan& plan, Kernel& kernel, index_t first, index_t last) {
    if (first >= last || plan.empty()) return;
    const std::size_t operands = plan.operand_count();
    const std::size_t rank = plan.rank();
    const index_t inner = plan.inner_size();

    // The units as an odometer: the outer dimensions, and in a tiled plan the
    // bands of the second last dimension in place of that dimension.
    const std::size_t across = plan.tiled() ? rank - 2 : rank;  // walked row by row within a tile
    const std::size_t unit_rank = rank - 1;
    small_vector<index_t, inline_rank> unit_shape(unit_rank);
    small_vector<index_t, 16 * inline_rank> unit_bytes(operands * unit_rank);  // operand k, unit dimension d
    for (std::size_t d = 0; d < unit_rank; ++d) {
        const bool band = d == across;
        const index_t rows = plan.shape()[d];
        unit_shape[d] = band ? (rows + loop_plan::tile_rows - 1) / loop_plan::tile_rows : rows;
        for (std::size_t k = 0; k < operands; ++k) {
            const index_t step = plan.stride(k, d) * plan.element_size(k);
            unit_bytes[k * unit_rank + d] = band ? step * loop_plan::tile_rows : step;
        }
    }

    small_vector<const std::byte*, 16> data(operands);
    small_vector<index_t, 16> strides(operands);
    small_vector<index_t, inline_rank> index(unit_rank);
    for (std::size_t k = 0; k < operands; ++k) {
        data[k] = plan.operand_data(k);
        strides[k] = plan.inner_stride(k);
    }
    index_t position = first;
    for (std::size_t d = unit_rank; d-- > 0;) {
        index[d] = position % unit_shape[d];
        position /= unit_shape[d];
        for (std::size_t k = 0; k < operands; ++k) data[k] += index[d] * unit_bytes[k * unit_rank + d];
    }

    small_vector<const std::byte*, 16> row(operands);
    for (index_t unit = first; unit < last; ++unit) {
        if (!plan.tiled()) {
            kernel(data.data(), strides.data(), inner);
        } else {
            // A band: tiles of tile_columns elements, each walked row by row.
            const index_t rows = std::min(loop_plan::tile_rows, plan.shape()[across] - index[across] * loop_plan::tile_rows);
            for (index_t column = 0; column < inner; column += loop_plan::tile_columns) {
                const index_t count = std::min(loop_plan::tile_columns, inner - column);
                for (index_t r = 0; r < rows; ++r) {
                    for (std::size_t k = 0; k < operands; ++k) {
                        row[k] = data[k] + (r * plan.stride(k, across) + column * strides[k]) * plan.element_size(k);
                    }
                    kernel(row.data(), strides.data(), count);
                }
            }
        }
        // The odometer's next unit.
        for (std::size_t d = unit_rank; d-- > 0;) {
            if (++index[d] < unit_shape[d]) {
                for (std::size_t k = 0; k < operands; ++k) data[k] += unit_bytes[k * unit_rank + d];
                break;
            }
            index[d] = 0;
            for (std::size_t k = 0; k < operands; ++k) data[k] -= (unit_shape[d] - 1) * unit_bytes[k * unit_rank + d];
        }
    }
}

/// Runs `kernel` over the whole of `plan`.
template <loop_kernel Kernel>
void run_plan(const loop_plan& plan, Kernel& kernel) {
    run_plan(plan, kernel, 0, outer_units(plan));
}

}  // namespace loom
