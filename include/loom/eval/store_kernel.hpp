#pragma once
// The kernel that stores an expression: each run of the loop is read block
// by block through the expression's cursors (Note [blocks and readers] in
// cursors.hpp) and stored into the destination, operand 0; in a tiled plan
// a tile is packed first (Note [packed tiles] in packed_tiles.hpp).
// Assignment, compound assignment and the copy of a view are all this
// kernel.

#include <algorithm>
#include <cstddef>

#include "loom/core/shape.hpp"
#include "loom/eval/cursors.hpp"
#include "loom/eval/packed_tiles.hpp"
#include "loom/eval/plan.hpp"
#include "loom/eval/simd.hpp"

// Some kernels cannot be vectorised at all (a libm call, an integer
// division); clang then warns that the vectorize pragma of store_block
// could not be honoured, at whichever function the loop was inlined into.
// That says nothing wrong about the user's code: silenced here.
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wpass-failed"
#endif

namespace loom {

/// `count` results of `reader` stored into `out`. The reader is a local
/// copy so that its pointers stay in registers.
///
/// Note [kernel aliasing]: `out` may be one of the reader's pointers
/// (`a += b`), but never meets one at another index (plan.hpp, Note
/// [aliasing]), so element i is read only to compute element i and no
/// iteration depends on another. The pragmas tell the compiler just that.
/// __restrict would say more, that `out` meets no input at all, which `a += b`
/// breaks. Without them clang tests whether the arrays overlap at all, finds
/// that `out` and `a` do in `a += b`, and takes its scalar loop.
template <class D, class Reader>
void store_block(D* out, Reader reader, index_t count) {
    if constexpr (simd::runs_in_batches<Reader, D>) {
        simd::store_batches(out, reader, count);  // Note [batch forms] in simd.hpp
        return;
    }
#if defined(__clang__)
#pragma clang loop vectorize(assume_safety)
#elif defined(__GNUC__)
#pragma GCC ivdep
#endif
    for (index_t i = 0; i < count; ++i) out[i] = static_cast<D>(reader(i));
}

/// Stores the expression that `Cursor` reads into operand 0, of type D.
template <element D, class Cursor>
class store_kernel {
public:
    /// Runs are cut into blocks of `block` elements; `scatter` holds one
    /// block of results when the destination's inner stride is not 1 (null
    /// when it is).
    store_kernel(Cursor root, index_t block, D* scatter) : root_(std::move(root)), block_(block), scatter_(scatter) {}

    /// The tile buffers of a tiled plan; without them (null) its tiles are
    /// run row by row, unpacked.
    void use_tiles(packed_tiles* tiles) { tiles_ = tiles; }

    void operator()(const std::byte* const* data, const index_t* strides, index_t count) {
        root_.start_run(data, strides);
        // Operand 0 is the destination, the one operand the loop writes.
        D* const out = const_cast<D*>(reinterpret_cast<const D*>(data[0]));
        if (strides[0] == 1) store_run(out, count);
        else scatter_run(out, strides[0], count);
    }

    /// A tile of a tiled plan is packed before its runs, and its
    /// destination copied out after them (Note [packed tiles]).
    run_rows begin_tile(const run_rows& tile) { return tiles_ == nullptr ? tile : tiles_->pack(tile); }
    void end_tile(const run_rows& tile) {
        if (tiles_ != nullptr) tiles_->unpack(tile);
    }

private:
    // The hot path: its loop holds nothing else, so that its few variables
    // stay in registers (Note [stores between blocks]).
    void store_run(D* out, index_t count) {
        for (index_t start = 0; start < count; start += block_) {
            const index_t n = std::min(block_, count - start);
            root_.load_block(start, n);
            store_block(out + start, root_.reader(start), n);
        }
    }

    // Into memory `stride` elements apart: each block is computed into a
    // unit-stride buffer, then scattered.
    void scatter_run(D* out, index_t stride, index_t count) {
        for (index_t start = 0; start < count; start += block_) {
            const index_t n = std::min(block_, count - start);
            root_.load_block(start, n);
            store_block(scatter_, root_.reader(start), n);
            D* const first = out + start * stride;
            for (index_t i = 0; i < n; ++i) first[i * stride] = scatter_[i];
        }
    }

    Cursor root_;
    index_t block_;
    D* scatter_;
    packed_tiles* tiles_ = nullptr;
};

}  // namespace loom

#if defined(__clang__)
#pragma clang diagnostic pop
#endif
