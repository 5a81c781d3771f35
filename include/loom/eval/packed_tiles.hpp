#pragma once
// Packed tiles: how the store kernel reads an operand across its rows, or
// writes a destination across them, in a tiled plan.
//
// Note [packed tiles]: in a tiled plan (Note [tiling] in plan.hpp) the loop
// hands the store kernel a tile at a time, up to tile_rows runs of up to
// tile_columns elements. Each operand whose inner stride is not 0 or +-1
// is first copied into a tile buffer, where its runs are rows at stride 1:
// by transposing blocks in registers when it is contiguous along the tile's
// rows, as a transposed array is (Note [transposing blocks] in
// transpose_copy.hpp), element by element otherwise. The kernel then reads
// the buffer as it reads memory in place, in SIMD batches. A destination
// written across its rows is computed into its own buffer, then copied out
// the same way. Element by element, reading across cost an instruction and
// a cache line per element; packed, the operand is read in whole vectors
// along the dimension in which it is contiguous. Every read of a tile comes
// before its writes, and a tile writes only its own elements, so packing is
// safe whenever the plan is (Note [aliasing] in plan.hpp). The buffers live
// in memory the caller provides (on its stack: evaluation allocates
// nothing), max_bytes of it. At most loop_plan::max_packed operands are
// packed, the destination included, so that the memory stays bounded
// whatever the expression; the store kernel gathers the others into its
// block buffers, as in a plan walked row by row (Note [buffered runs] in
// store_kernel.hpp).

#include <algorithm>
#include <cstddef>

#include "loom/core/shape.hpp"
#include "loom/core/small_vector.hpp"
#include "loom/eval/loop.hpp"
#include "loom/eval/plan.hpp"
#include "loom/eval/transpose_copy.hpp"

namespace loom {

/// The tile buffers of one evaluation of a tiled plan (Note [packed tiles]).
class packed_tiles {
public:
    /// Memory of one tile of elements of `element_bytes`, kept 64-byte aligned.
    static constexpr std::size_t bytes_for(std::size_t element_bytes) {
        return (element_bytes * loop_plan::tile_rows * loop_plan::tile_columns + 63) / 64 * 64;
    }
    /// The most memory an evaluation's tiles take: max_packed tiles of the widest elements.
    static constexpr std::size_t max_bytes = loop_plan::max_packed * 8 * loop_plan::tile_rows * loop_plan::tile_columns;

    /// Buffers, carved out of `memory` (max_bytes of it), for the operands
    /// that `plan` packs.
    [[gnu::noinline]] packed_tiles(const loop_plan& plan, std::byte* memory)
        : buffers_(plan.operand_count()), element_bytes_(plan.operand_count()) {
        for (std::size_t k = 0; k < plan.operand_count(); ++k) {
            element_bytes_[k] = plan.element_size(k);
            if (!plan.packed(k)) continue;
            buffers_[k] = memory;
            memory += bytes_for(static_cast<std::size_t>(element_bytes_[k]));
        }
    }

    /// Copies the operands of `tile` that have a buffer into it, and returns
    /// the tile as the kernel then reads it: those operands, and a
    /// destination written across, at their buffers with stride 1.
    run_rows pack(const run_rows& tile) {
        data_.assign(tile.data, tile.data + tile.operands);
        strides_.assign(tile.strides, tile.strides + tile.operands);
        row_bytes_.assign(tile.row_bytes, tile.row_bytes + tile.operands);
        for (std::size_t k = 0; k < tile.operands; ++k) {
            if (buffers_[k] == nullptr) continue;
            const index_t bytes = element_bytes_[k];
            if (k > 0) {
                copy_matrix(tile.data[k], tile.row_bytes[k] / bytes, tile.strides[k], buffers_[k], loop_plan::tile_columns,
                            1, tile.rows, tile.count, bytes);
            }
            data_[k] = buffers_[k];
            strides_[k] = 1;
            row_bytes_[k] = loop_plan::tile_columns * bytes;
        }
        return {data_.data(), strides_.data(), row_bytes_.data(), tile.operands, tile.count, tile.rows};
    }

    /// Copies the destination's buffer, when it has one, to its place in `tile`.
    void unpack(const run_rows& tile) const {
        if (buffers_[0] == nullptr) return;
        const index_t bytes = element_bytes_[0];
        // Operand 0 is the destination, the one operand the loop writes.
        copy_matrix(buffers_[0], loop_plan::tile_columns, 1, const_cast<std::byte*>(tile.data[0]),
                    tile.row_bytes[0] / bytes, tile.strides[0], tile.rows, tile.count, bytes);
    }

private:
    small_vector<std::byte*, 16> buffers_;  // operand k's tile buffer, or null when it is read in place
    small_vector<index_t, 16> element_bytes_;
    small_vector<const std::byte*, 16> data_;
    small_vector<index_t, 16> strides_;
    small_vector<index_t, 16> row_bytes_;
};

}  // namespace loom
