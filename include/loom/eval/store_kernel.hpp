#pragma once
// Storing a block of an expression's results (store_block), and the store
// kernel, which runs an expression's kernel over runs that it cannot read
// in place.
//
// Note [buffered runs]: the expression's kernel (expression_kernel.hpp)
// reads every leaf where it lies, one element after another. The store
// kernel hands it the runs of any other plan: it cuts each run into blocks
// of at most loop_plan::block_size elements and, per block, gathers each
// operand whose inner stride is not 1 (a strided view) into a block
// buffer, or repeats the one element of an operand of stride 0 (a
// broadcast) along it, which is filled again only when the element
// changes; a destination written with another stride is computed into its
// buffer, then scattered. In a tiled plan a tile is packed first (Note
// [packed tiles] in packed_tiles.hpp). It copies elements as bytes, by
// their size, so it is compiled once for every expression and element
// type; only the expression's kernel is compiled per expression.

#include <algorithm>
#include <cstddef>

#include "loom/core/shape.hpp"
#include "loom/core/small_vector.hpp"
#include "loom/eval/loop.hpp"
#include "loom/eval/packed_tiles.hpp"
#include "loom/eval/plan.hpp"
#include "loom/eval/simd.hpp"
#include "loom/eval/transpose_copy.hpp"

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
/// copy so that its pointers stay in registers. Always inlined: it is the
/// loop of the expression's kernel, and a call per run, the reader passed
/// through memory, doubled the time of `(8, 16, 1, 128) + (16, 8, 1)`
/// float32 in the cache (runs of 128 elements).
///
/// Note [kernel aliasing]: `out` may be one of the reader's pointers
/// (`a += b`), but never meets one at another index (plan.hpp, Note
/// [aliasing]), so element i is read only to compute element i and no
/// iteration depends on another. The pragmas tell the compiler just that.
/// __restrict would say more, that `out` meets no input at all, which `a += b`
/// breaks. Without them clang tests whether the arrays overlap at all, finds
/// that `out` and `a` do in `a += b`, and takes its scalar loop.
template <class D, class Reader>
[[gnu::always_inline]] inline void store_block(D* out, Reader reader, index_t count) {
    // Note [batch forms] in simd.hpp.
    if constexpr (simd::batches_give_scalar_bits<Reader, D>) {
        simd::store_exact_batches(out, reader, count);
        return;
    } else if constexpr (simd::runs_in_batches<Reader, D>) {
        simd::store_batches(out, reader, count);
        return;
    }
#if defined(__clang__)
#pragma clang loop vectorize(assume_safety)
#elif defined(__GNUC__)
#pragma GCC ivdep
#endif
    for (index_t i = 0; i < count; ++i) out[i] = static_cast<D>(reader(i));
}

/// The store kernel: the loop's kernel for the runs that the expression's
/// kernel cannot read in place (Note [buffered runs]), one class compiled
/// once for every expression.
class store_kernel {
public:
    /// Block buffers and tiles for the operands of any plan take at most
    /// this much memory, which the caller provides (on its stack:
    /// evaluation allocates nothing).
    static constexpr std::size_t memory_bytes = 32 * 1024;

    /// Runs `block`, an expression's in-place kernel, over the runs of
    /// `plan`, block by block, with its block buffers carved out of
    /// `memory` (memory_bytes of it, 64-byte aligned).
    [[gnu::noinline]] store_kernel(const loop_plan& plan, kernel_ref block, std::byte* memory)
        : block_(block), operands_(plan.operand_count()), element_bytes_(operands_), buffers_(operands_),
          filled_from_(operands_), filled_count_(operands_, 0), at_(operands_), row_bytes_(operands_, 0) {
        index_t buffered_bytes = 0;  // per element of a block, over the operands not read in place
        for (std::size_t k = 0; k < operands_; ++k) {
            element_bytes_[k] = plan.element_size(k);
            if (plan.inner_stride(k) != 1) buffered_bytes += element_bytes_[k];
        }
        // Blocks as long as the plan's, or shorter, a multiple of 64
        // elements, so that the buffers fit (an expression of very many
        // leaves; the compiler's template depth keeps them below 2048).
        index_t fitting = static_cast<index_t>(memory_bytes) / std::max<index_t>(buffered_bytes, 1);
        if (fitting >= 64) fitting = fitting / 64 * 64;
        block_length_ = std::min(plan.block_length(), std::max<index_t>(fitting, 1));
        for (std::size_t k = 0; k < operands_; ++k) {
            if (plan.inner_stride(k) == 1) continue;
            buffers_[k] = memory;
            memory += block_length_ * element_bytes_[k];
        }
    }

    /// The tile buffers of a tiled plan; without them (null) its tiles are
    /// run row by row, unpacked.
    void use_tiles(packed_tiles* tiles) { tiles_ = tiles; }

    void operator()(const std::byte* const* data, const index_t* strides, index_t count) {
        for (index_t start = 0; start < count; start += block_length_) {
            const index_t n = std::min(block_length_, count - start);
            // Operand 0 is the destination, the one operand the loop writes.
            at_[0] = strides[0] == 1 ? data[0] + start * element_bytes_[0] : buffers_[0];
            for (std::size_t k = 1; k < operands_; ++k) at_[k] = load_block(k, data[k], strides[k], start, n);
            block_(run_rows{at_.data(), nullptr, row_bytes_.data(), operands_, n, 1});
            if (strides[0] != 1) {
                copy_strided(buffers_[0], 0, 1, const_cast<std::byte*>(data[0]) + start * strides[0] * element_bytes_[0],
                             0, strides[0], 1, n, element_bytes_[0]);
            }
        }
    }

    /// A block of runs: handed to the expression's kernel whole when every
    /// operand steps by one element along them (a packed tile, most
    /// often), so that its runs cost one call; else run after run.
    void rows(const run_rows& runs) {
        for (std::size_t k = 0; k < operands_; ++k) {
            if (runs.strides[k] != 1) return for_each_run(runs, *this);
        }
        block_(run_rows{runs.data, nullptr, runs.row_bytes, operands_, runs.count, runs.rows});
    }

    /// A tile of a tiled plan is packed before its runs, and its
    /// destination copied out after them (Note [packed tiles]).
    run_rows begin_tile(const run_rows& tile) { return tiles_ == nullptr ? tile : tiles_->pack(tile); }
    void end_tile(const run_rows& tile) {
        if (tiles_ != nullptr) tiles_->unpack(tile);
    }

private:
    // Elements [start, start + n) of operand k's run at `run`, `stride`
    // elements apart: where they lie when the stride is 1, else in the
    // operand's buffer, gathered, or repeated (stride 0; refilled only
    // when the element repeated or the count changes: at most once per run).
    const std::byte* load_block(std::size_t k, const std::byte* run, index_t stride, index_t start, index_t n) {
        const index_t bytes = element_bytes_[k];
        if (stride == 1) return run + start * bytes;
        std::byte* const buffer = buffers_[k];
        if (stride == 0) {
            if (run == filled_from_[k] && n <= filled_count_[k]) return buffer;
            filled_from_[k] = run;
            filled_count_[k] = n;
        }
        copy_strided(run + start * stride * bytes, 0, stride, buffer, 0, 1, 1, n, bytes);
        return buffer;
    }

    kernel_ref block_;
    std::size_t operands_;
    index_t block_length_ = 0;
    small_vector<index_t, 16> element_bytes_;
    small_vector<std::byte*, 16> buffers_;           // operand k's block buffer, or null when read in place
    small_vector<const std::byte*, 16> filled_from_;  // the element a repeating operand's buffer holds
    small_vector<index_t, 16> filled_count_;         // and how many times
    small_vector<const std::byte*, 16> at_;          // each operand's block, as the expression's kernel reads it
    small_vector<index_t, 16> row_bytes_;            // zeros: one run per call
    packed_tiles* tiles_ = nullptr;
};

}  // namespace loom

#if defined(__clang__)
#pragma clang diagnostic pop
#endif
