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
//
// Note [one loop, compiled once]: the loop is not a template of its kernel.
// It receives a kernel_ref, the kernel's address and a function that calls
// it (PyTorch's function_ref over loop2d_t), so each translation unit
// compiles the odometer once, however many kinds of expression, reduction
// or product it evaluates; only the kernels themselves are compiled per
// type. As a template the loop was compiled again for every kernel type,
// and its copies made up about half of the code of a file of tests. The
// price is one indirect call per block of runs: each call hands over all
// the runs left along the last outer dimension, or the rows of a tile, and
// the function behind kernel_ref calls the kernel run after run, inlined,
// as the loop did when it was a template.

#include <algorithm>
#include <array>
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

/// Runs of one length, one after another in memory: run r of operand k
/// starts at data[k] + r * row_bytes[k] and steps strides[k] elements.
struct run_rows {
    const std::byte* const* data;
    const index_t* strides;
    const index_t* row_bytes;
    std::size_t operands;
    index_t count;      ///< elements per run
    index_t rows;       ///< runs, at least 1
    bool tile = false;  ///< the runs are the rows of a tile of a tiled plan
    /// Operand 0 is aligned to a cache line and each run is whole lines: a
    /// streaming_kernel stores them with non-temporal stores.
    bool streamed = false;
};

/// A kernel that prepares each tile of a tiled plan before its runs and
/// finishes it after them, as the store kernel packs it (Note [packed
/// tiles] in packed_tiles.hpp): begin_tile returns the runs to call it on.
/// The loop hands any other kernel a tile run after run.
template <class K>
concept tile_kernel = requires(K& kernel, const run_rows& tile) {
    { kernel.begin_tile(tile) } -> std::same_as<run_rows>;
    kernel.end_tile(tile);
};

/// A kernel that takes a block of runs itself, as the reduce kernel folds
/// several runs into one result run together (Note [runs folded together]
/// in reduce/reduce_kernel.hpp). The loop hands it every block but a tile's,
/// and a tile's too when it is also a tile_kernel (the store kernel).
template <class K>
concept rows_kernel = requires(K& kernel, const run_rows& runs) { kernel.rows(runs); };

/// A kernel that stores runs with non-temporal stores when they are
/// run_rows::streamed, as the expression kernel does for the trees it
/// evaluates in SIMD batches of exact functions (Note [streaming stores] in
/// streaming_stores.hpp). The loop hands any other kernel such runs as any.
template <class K>
concept streaming_kernel = requires(const K& kernel, const run_rows& runs) { kernel.stream(runs); };

/// A kernel that knows how many operands its plans have, as the unbuffered
/// kernel does: for_each_run then holds their addresses and steps in arrays
/// of that size, which the compiler keeps in registers from run to run.
template <class K>
concept sized_kernel = requires {
    { K::operands } -> std::convertible_to<std::size_t>;
};

namespace detail {

// The runs of `runs`, each operand k starting at data[k] (moved on here)
// and row_bytes[k] after the one before.
template <class Addresses, class Steps, class Kernel>
void walk_runs(const run_rows& runs, Addresses& data, const Steps& row_bytes, Kernel& kernel) {
    const index_t count = runs.count;
    const index_t rows = runs.rows;
    for (index_t r = 0;;) {
        kernel(data.data(), runs.strides, count);
        if (++r == rows) break;
        for (std::size_t k = 0; k < data.size(); ++k) data[k] += row_bytes[k];
    }
}

}  // namespace detail

/// Calls `kernel` once per run of `runs`.
template <loop_kernel Kernel>
void for_each_run(const run_rows& runs, Kernel& kernel) {
    if constexpr (sized_kernel<Kernel>) {
        std::array<const std::byte*, Kernel::operands> data;
        std::array<index_t, Kernel::operands> row_bytes;
        std::copy_n(runs.data, Kernel::operands, data.begin());
        std::copy_n(runs.row_bytes, Kernel::operands, row_bytes.begin());
        detail::walk_runs(runs, data, row_bytes, kernel);
    } else {
        small_vector<const std::byte*, 16> data(runs.data, runs.data + runs.operands);
        detail::walk_runs(runs, data, runs.row_bytes, kernel);
    }
}

/// A loop_kernel as the loop calls it, by reference and type-erased, with
/// a block of runs per call (Note [one loop, compiled once]). The kernel
/// must outlive it.
class kernel_ref {
public:
    template <loop_kernel Kernel>
        requires(!std::same_as<Kernel, kernel_ref>)
    kernel_ref(Kernel& kernel) : kernel_(&kernel), call_(&call<Kernel>) {}

    void operator()(const run_rows& runs) const { call_(kernel_, runs); }

private:
    // The kernel once per run, inlined here: one copy per kernel type.
    template <class Kernel>
    static void call(void* kernel, const run_rows& runs) {
        Kernel& run = *static_cast<Kernel*>(kernel);
        if constexpr (tile_kernel<Kernel>) {
            // One loop over the runs for tiles and rows alike: one copy of the kernel.
            const run_rows prepared = runs.tile ? run.begin_tile(runs) : runs;
            if constexpr (rows_kernel<Kernel>) run.rows(prepared);
            else for_each_run(prepared, run);
            if (runs.tile) run.end_tile(runs);
        } else if constexpr (rows_kernel<Kernel>) {
            if (runs.tile) for_each_run(runs, run);
            else run.rows(runs);
        } else {
            if constexpr (streaming_kernel<Kernel>) {
                if (runs.streamed) return run.stream(runs);
            }
            for_each_run(runs, run);
        }
    }

    void* kernel_;
    void (*call_)(void*, const run_rows&);
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
/// Not inlined, so that a file compiles it once (Note [one loop, compiled once]).
[[gnu::noinline]] inline void run_plan(const loop_plan& plan, kernel_ref kernel, index_t first, index_t last) {
    if (first >= last || plan.empty()) return;
    const std::size_t operands = plan.operand_count();
    const std::size_t rank = plan.rank();
    const index_t inner = plan.inner_size();

    // The units as an odometer: the outer dimensions, and in a tiled plan the
    // bands of the second last dimension in place of that dimension.
    const std::size_t across = plan.tiled() ? rank - 2 : rank;  // walked row by row within a tile
    const std::size_t unit_rank = rank - 1;
    small_vector<index_t, inline_rank> unit_shape(unit_rank);
    small_vector<index_t, 16 * inline_rank> unit_bytes(operands * unit_rank);  // unit dimension d, operand k
    for (std::size_t d = 0; d < unit_rank; ++d) {
        const bool band = d == across;
        const index_t rows = plan.shape()[d];
        unit_shape[d] = band ? (rows + loop_plan::tile_rows - 1) / loop_plan::tile_rows : rows;
        for (std::size_t k = 0; k < operands; ++k) {
            const index_t step = plan.stride(k, d) * plan.element_size(k);
            unit_bytes[d * operands + k] = band ? step * loop_plan::tile_rows : step;
        }
    }

    small_vector<const std::byte*, 16> data(operands);
    small_vector<index_t, 16> strides(operands);
    small_vector<index_t, inline_rank> index(unit_rank);
    for (std::size_t k = 0; k < operands; ++k) {
        data[k] = plan.operand_data(k);
        strides[k] = plan.inner_stride(k);
    }
    // Every operand's address moved on by `units` along unit dimension d.
    // One loop of one form, so that the compiler gives its loads and stores
    // of the addresses one width: a wider load of addresses just stored
    // narrower waits for the stores to reach the cache.
    const auto move = [&](std::size_t d, index_t units) {
        for (std::size_t k = 0; k < operands; ++k) data[k] += units * unit_bytes[d * operands + k];
    };
    index_t position = first;
    for (std::size_t d = unit_rank; d-- > 0;) {
        index[d] = position % unit_shape[d];
        position /= unit_shape[d];
        move(d, index[d]);
    }

    // The kernel gets a block of runs per call: in a plain plan the units
    // left along the last unit dimension, in a tiled one the rows of a tile.
    const std::size_t row_dimension = plan.tiled() ? across : unit_rank - 1;
    small_vector<index_t, 16> row_bytes(operands);
    if (rank >= 2) {
        for (std::size_t k = 0; k < operands; ++k) row_bytes[k] = plan.stride(k, row_dimension) * plan.element_size(k);
    }
    small_vector<const std::byte*, 16> tile(operands);
    for (index_t unit = first; unit < last;) {
        index_t step = 1;  // the units this pass runs
        if (!plan.tiled()) {
            const index_t rows =
                unit_rank > 0 ? std::min(unit_shape[unit_rank - 1] - index[unit_rank - 1], last - unit) : 1;
            kernel({data.data(), strides.data(), row_bytes.data(), operands, inner, rows});
            step = rows;
        } else {
            // A band: tiles of tile_columns elements, each walked row by row.
            const index_t rows = std::min(loop_plan::tile_rows, plan.shape()[across] - index[across] * loop_plan::tile_rows);
            for (index_t column = 0; column < inner; column += loop_plan::tile_columns) {
                for (std::size_t k = 0; k < operands; ++k) {
                    tile[k] = data[k] + column * strides[k] * plan.element_size(k);
                }
                const index_t count = std::min(loop_plan::tile_columns, inner - column);
                kernel({tile.data(), strides.data(), row_bytes.data(), operands, count, rows, true});
            }
        }
        // The odometer moves on by `step` units, which never pass the end of
        // its last dimension: to the end, it starts that dimension again
        // and carries one.
        unit += step;
        for (std::size_t d = unit_rank; d-- > 0;) {
            if (index[d] + step < unit_shape[d]) {
                index[d] += step;
                move(d, step);
                break;
            }
            move(d, -index[d]);
            index[d] = 0;
            step = 1;
        }
    }
}

/// Runs `kernel` over the whole of `plan`.
inline void run_plan(const loop_plan& plan, kernel_ref kernel) {
    run_plan(plan, kernel, 0, outer_units(plan));
}

}  // namespace loom
