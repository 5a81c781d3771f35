#pragma once
// The one loop that evaluates every element-wise expression: an odometer
// over the plan's outer dimensions, and over the inner dimension a kernel on
// blocks of unit-stride memory (Note [blocks and readers] in cursors.hpp).

#include <algorithm>

#include "loom/eval/cursors.hpp"
#include "loom/eval/plan.hpp"

namespace loom {

/// The kernel: `count` results of `reader` stored into `out`. The reader is a
/// local copy so that its pointers stay in registers.
template <class D, class Reader>
void run_kernel(D* out, Reader reader, index_t count) {
    for (index_t i = 0; i < count; ++i) out[i] = static_cast<D>(reader(i));
}

/// Runs `plan` (coalesced; operand 0 is `destination`, the others are the
/// leaves of `root`, numbered in tree order) and stores every result.
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

    small_vector<index_t, 16> inner_strides(operands), offsets(operands, 0), block_offsets(operands);
    for (std::size_t k = 0; k < operands; ++k) inner_strides[k] = plan.inner_stride(k);
    const index_t out_stride = inner_strides[0];
    small_vector<index_t, inline_rank> index(rank, 0);
    D scattered[cursor_block_size];  // destination block when its inner stride is not 1

    while (true) {
        for (index_t start = 0; start < inner; start += block) {
            const index_t count = std::min(block, inner - start);
            for (std::size_t k = 0; k < operands; ++k) block_offsets[k] = offsets[k] + start * inner_strides[k];
            root.start_block(block_offsets.data(), inner_strides.data(), count);
            D* out = destination + block_offsets[0];
            if (out_stride == 1) {
                run_kernel(out, root.reader(), count);
            } else {
                run_kernel(scattered, root.reader(), count);
                for (index_t i = 0; i < count; ++i) out[i * out_stride] = scattered[i];
            }
        }
        // Advance the odometer over the outer dimensions.
        std::size_t d = rank - 1;
        while (true) {
            if (d == 0) return;
            --d;
            if (++index[d] < shape[d]) {
                for (std::size_t k = 0; k < operands; ++k) offsets[k] += plan.stride(k, d);
                break;
            }
            for (std::size_t k = 0; k < operands; ++k) offsets[k] -= plan.stride(k, d) * (shape[d] - 1);
            index[d] = 0;
        }
    }
}

}  // namespace loom
