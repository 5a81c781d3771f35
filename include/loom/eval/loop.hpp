#pragma once
// The one loop that evaluates every element-wise expression: an odometer
// over the plan's outer dimensions, and over the inner dimension a kernel on
// blocks of unit-stride memory (Note [blocks and readers] in cursors.hpp);
// for some transposed layouts, tiles over the last two dimensions (Note
// [tiling] in plan.hpp).

#include <algorithm>

#include "loom/eval/cursors.hpp"
#include "loom/eval/plan.hpp"

// Some kernels cannot be vectorised at all (a libm call, an integer
// division); clang then warns that the vectorize pragma of run_kernel could
// not be honoured, at whichever function of this file the loop was inlined
// into. That says nothing wrong about the user's code: silenced here.
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wpass-failed"
#endif

namespace loom {

/// The kernel: `count` results of `reader` stored into `out`. The reader is
/// a local copy so that its pointers stay in registers.
///
/// Note [kernel aliasing]: `out` may be one of the reader's pointers
/// (`a += b`), but never meets one at another index (plan.hpp, Note
/// [aliasing]), so element i is read only to compute element i and no
/// iteration depends on another. The pragmas tell the compiler just that.
/// __restrict would say more, that `out` meets no input at all, which `a += b`
/// breaks. Without them clang tests whether the arrays overlap at all, finds
/// that `out` and `a` do in `a += b`, and takes its scalar loop.
template <class D, class Reader>
void run_kernel(D* out, Reader reader, index_t count) {
#if defined(__clang__)
#pragma clang loop vectorize(assume_safety)
#elif defined(__GNUC__)
#pragma GCC ivdep
#endif
    for (index_t i = 0; i < count; ++i) out[i] = static_cast<D>(reader(i));
}

namespace detail {

// One run into unit-stride memory at `out`: the results at inner indices
// [first, last), block by block. The hot path: its loop holds nothing else,
// so that its few variables stay in registers (Note [stores between blocks]).
template <class D, class Cursor>
void run_in_place(D* out, Cursor& root, index_t first, index_t last, index_t block) {
    for (index_t start = first; start < last; start += block) {
        const index_t count = std::min(block, last - start);
        root.load_block(start, count);
        run_kernel(out + start, root.reader(start), count);
    }
}

// One run into memory `stride` elements apart: each block is computed into
// a unit-stride buffer, then scattered.
template <class D, class Cursor>
void run_scattered(D* out, index_t stride, Cursor& root, index_t first, index_t last, index_t block) {
    alignas(64) D results[loop_plan::block_size];
    for (index_t start = first; start < last; start += block) {
        const index_t count = std::min(block, last - start);
        root.load_block(start, count);
        run_kernel(results, root.reader(start), count);
        D* const first_result = out + start * stride;
        for (index_t i = 0; i < count; ++i) first_result[i * stride] = results[i];
    }
}

// Calls `visit()` at every index of the plan's first `count` dimensions, an
// odometer, with `offsets` holding each operand's offset at that index.
template <class Visit>
void for_each_index(const loop_plan& plan, std::size_t count, small_vector<index_t, 16>& offsets, Visit visit) {
    const shape_type& shape = plan.shape();
    small_vector<index_t, inline_rank> index(count, 0);
    while (true) {
        visit();
        std::size_t d = count;
        while (true) {
            if (d == 0) return;
            --d;
            if (++index[d] < shape[d]) {
                for (std::size_t k = 0; k < offsets.size(); ++k) offsets[k] += plan.stride(k, d);
                break;
            }
            for (std::size_t k = 0; k < offsets.size(); ++k) offsets[k] -= plan.stride(k, d) * (shape[d] - 1);
            index[d] = 0;
        }
    }
}

}  // namespace detail

/// Runs `plan` (coalesced; operand 0 is `destination`, the others are the
/// leaves of `root`, numbered in tree order) and stores every result: row by
/// row, or tile by tile over the last two dimensions (Note [tiling]).
template <class D, class Cursor>
void run_plan(const loop_plan& plan, D* destination, Cursor& root) {
    const shape_type& shape = plan.shape();
    for (index_t size : shape) {
        if (size == 0) return;
    }
    const std::size_t rank = shape.size();
    const std::size_t operands = plan.operand_count();
    const index_t inner = plan.inner_size();
    const index_t block = plan.block_length();

    small_vector<index_t, 16> inner_strides(operands), offsets(operands, 0);
    for (std::size_t k = 0; k < operands; ++k) inner_strides[k] = plan.inner_stride(k);
    const index_t out_stride = inner_strides[0];
    root.start(inner_strides.data());

    // The results at inner indices [first, last) of the row whose operands start at `row`.
    const auto run = [&](const index_t* row, index_t first, index_t last) {
        root.start_run(row);
        D* const out = destination + row[0];
        if (out_stride == 1) detail::run_in_place(out, root, first, last, block);
        else detail::run_scattered(out, out_stride, root, first, last, block);
    };
    if (!plan.tiled()) {
        detail::for_each_index(plan, rank - 1, offsets, [&] { run(offsets.data(), 0, inner); });
        return;
    }
    const std::size_t across = rank - 2;  // the dimension walked within a tile, row by row
    const index_t rows = shape[across];
    small_vector<index_t, 16> row(operands);
    detail::for_each_index(plan, across, offsets, [&] {
        for (index_t first_row = 0; first_row < rows; first_row += loop_plan::tile_rows) {
            const index_t last_row = std::min(first_row + loop_plan::tile_rows, rows);
            for (index_t first = 0; first < inner; first += loop_plan::tile_columns) {
                for (index_t r = first_row; r < last_row; ++r) {
                    for (std::size_t k = 0; k < operands; ++k) row[k] = offsets[k] + r * plan.stride(k, across);
                    run(row.data(), first, std::min(first + loop_plan::tile_columns, inner));
                }
            }
        }
    });
}

}  // namespace loom

#if defined(__clang__)
#pragma clang diagnostic pop
#endif
