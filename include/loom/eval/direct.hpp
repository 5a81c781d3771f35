#pragma once
// The direct path: evaluation without a plan, for the layouts most small
// arrays have.
//
// Note [direct path]: when the destination is contiguous and every leaf in
// memory is contiguous with the destination's shape, or with its last
// dimensions (a row or a matrix repeated along the leading dimensions,
// `(3, 4) + (4,)`), no dimension needs mapping, merging or tiling: the loop
// is runs of the smallest such leaf's size, each leaf of the destination's
// size moving on by a run, each smaller one read again for every run. A
// leaf of a size between the two (a matrix beside a row in a rank-3
// destination, or a tensor of one element beside a row) would have to
// start again every few runs; the plan takes those, the one element as a
// scalar it repeats (Note [unbuffered runs] in expression_kernel.hpp). On
// one thread without streaming stores, the path of most small arrays, the
// runs are stored by store_direct_inline, with the expression's reader
// inlined; otherwise run_direct, compiled once for every expression, hands
// them to the expression's kernel (Note [one kernel per expression]).
// Either reads the leaves where they lie. Aliasing reduces to one
// question: a leaf that meets the destination must be the destination
// itself, read whole; anything else leaves the decision to the plan. Runs
// shorter than min_direct_run (thresholds.hpp; a leaf of one element
// beside a large array) leave it to the plan too, which repeats such a
// leaf along long runs (Note [unbuffered runs]) where the direct path
// would make a call per element.
// TensorIterator's fast_set_up and NumPy's trivial loops do the same.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "loom/core/layout.hpp"
#include "loom/core/small_vector.hpp"
#include "loom/eval/leaves.hpp"
#include "loom/eval/loop.hpp"
#include "loom/eval/path_trace.hpp"
#include "loom/eval/readers.hpp"
#include "loom/eval/simd.hpp"
#include "loom/eval/store_kernel.hpp"
#include "loom/eval/streaming_stores.hpp"
#include "loom/eval/threads.hpp"
#include "loom/eval/thresholds.hpp"
#include "loom/expr/expression.hpp"

namespace loom {

namespace detail {

// True when `sizes`, without its leading 1s (which broadcast like absent
// dimensions), are the last sizes of `shape`.
inline bool is_trailing_block(const shape_type& sizes, const shape_type& shape) {
    if (sizes == shape) return true;  // the common case, first
    std::size_t lead = 0;
    while (lead < sizes.size() && sizes[lead] == 1) ++lead;
    if (sizes.size() - lead > shape.size()) return false;
    const std::size_t offset = shape.size() - (sizes.size() - lead);
    for (std::size_t j = lead; j < sizes.size(); ++j) {
        if (sizes[j] != shape[offset + j - lead]) return false;
    }
    return true;
}

// The bytes of a leaf's elements.
inline index_t bytes_of(const leaf_entry& leaf) { return leaf.layout->size() * leaf.element_bytes; }

// The elements of one unit of work of the direct path, with runs of `run`
// of its `count` elements: threads take pieces of whole runs, or of
// elements when there is one run.
inline index_t direct_unit(index_t run, index_t count) { return run == count ? 1 : run; }

// True when a leaf's elements share a byte with the `bytes` at `destination`.
// The destination and the leaves the direct path takes hold elements, so
// neither address is null (memory_span's meets tests for that): the two
// ranges are compared alone.
inline bool meets(const leaf_entry& leaf, const std::byte* destination, index_t bytes) {
    return byte_ranges_meet(leaf.first, bytes_of(leaf), destination, bytes);
}

// The run of the direct path (the smallest leaf's size) when `leaves` allow
// it into the row-major memory at `destination`, laid out as `layout` with
// elements of `element_bytes`, else 0 (Note [direct path]). One function
// for every expression, apart from the templates that gather the leaves.
inline index_t direct_run(const std::byte* destination, const strided_layout& layout, index_t element_bytes,
                          std::span<const leaf_entry> leaves, bool fresh) {
    const index_t count = layout.size();
    index_t run = count;  // the one size below the destination's that leaves may have
    for (const leaf_entry& leaf : leaves) {
        const strided_layout& own = *leaf.layout;
        if (!own.is_row_major() || !is_trailing_block(own.shape(), layout.shape())) return 0;
        // A placed leaf's dimensions are not the last of the destination's; a stale
        // one (Note [stale operands] in build_plan.hpp) is the plan's to refuse.
        if (leaf.map_at >= 0 || own.rank() > leaf.reader_rank) return 0;
        const index_t size = own.size();
        if (!fresh && meets(leaf, destination, count * element_bytes)) {
            // Only the destination itself, read whole, may meet it.
            if (leaf.first != destination || size != count || leaf.element_bytes != element_bytes) return 0;
        }
        if (size != count) {
            // A second size below the destination's starts again every few runs: the plan's.
            if (run != count && size != run) return 0;
            run = size;
        }
    }
    if (run < min_direct_run && count > direct_small_size) return 0;
    return run;
}

// The bytes a leaf moves on by from one run of `run` elements to the next:
// none for a leaf of one run's size, read again for each run; a run's for
// the others, of the destination's size.
inline index_t run_step(const leaf_entry& leaf, index_t run) {
    return leaf.layout->size() == run ? 0 : run * leaf.element_bytes;
}

// Elements [first, last) of the direct path, element k stored at
// out + (k - first) * element_bytes by the expression's kernel: runs of
// `run` elements (first and last are multiples of it), or one run when
// every leaf has the destination's size (run is then the whole count);
// `streamed` as run_rows::streamed.
inline void store_direct(std::byte* out, index_t element_bytes, std::span<const leaf_entry> leaves, index_t run,
                         index_t first, index_t last, kernel_ref kernel, bool streamed = false) {
    small_vector<const std::byte*, 16> at(leaves.size() + 1);  // the destination, then each leaf's element `first`
    small_vector<index_t, 16> step(leaves.size() + 1);         // and the bytes from one run to the next
    at[0] = out;
    step[0] = run * element_bytes;
    for (std::size_t j = 0; j < leaves.size(); ++j) {
        // A leaf of one run's size starts where `first` falls in it.
        at[j + 1] = leaves[j].first + (first == 0 ? 0 : first * leaves[j].element_bytes % bytes_of(leaves[j]));
        step[j + 1] = run_step(leaves[j], run);
    }
    const index_t count = last - first;
    // The expression's kernel reads no strides: every operand steps by one element.
    kernel(run_rows{at.data(), nullptr, step.data(), at.size(), std::min(count, run), count <= run ? 1 : count / run,
                    false, streamed});
}

// True when the direct path in one run into the `count` elements of
// `element_bytes` at `destination` streams its stores (Note [streaming
// stores]): the bytes it touches are beyond the threshold, and no leaf
// shares memory with the destination.
inline bool streams_into(const std::byte* destination, index_t element_bytes, index_t count,
                         std::span<const leaf_entry> leaves) {
    const index_t bytes = count * element_bytes;
    index_t touched = bytes;
    for (const leaf_entry& leaf : leaves) {
        if (meets(leaf, destination, bytes)) return false;
        touched += bytes_of(leaf);
    }
    return streams(static_cast<std::size_t>(touched));
}

// Elements [first, last) of the direct path in one run of `run` elements
// (the whole destination), with streaming stores: the elements up to the
// first cache line boundary and after the last are stored as usual, the
// lines between by the kernel's streaming loop. The caller fences.
inline void stream_direct(std::byte* data, index_t element_bytes, std::span<const leaf_entry> leaves, index_t run,
                          index_t first, index_t last, kernel_ref kernel) {
    const auto bytes = static_cast<std::size_t>(element_bytes);
    const auto line_size = static_cast<index_t>(streaming_line_bytes / bytes);
    const auto at = [&](index_t k) { return data + k * element_bytes; };
    const auto misalignment = reinterpret_cast<std::uintptr_t>(at(first)) % streaming_line_bytes;
    // Elements are aligned to their size, so whole elements reach the boundary (checked all the same).
    if (streaming_line_bytes % bytes != 0 || misalignment % bytes != 0) {
        store_direct(at(first), element_bytes, leaves, run, first, last, kernel);
        return;
    }
    const index_t lines_first =
        first + std::min(last - first,
                         static_cast<index_t>((streaming_line_bytes - misalignment) % streaming_line_bytes / bytes));
    const index_t lines_last = lines_first + (last - lines_first) / line_size * line_size;
    if (first < lines_first) store_direct(at(first), element_bytes, leaves, run, first, lines_first, kernel);
    if (lines_first < lines_last) {
        store_direct(at(lines_first), element_bytes, leaves, run, lines_first, lines_last, kernel, true);
    }
    if (lines_last < last) store_direct(at(lines_last), element_bytes, leaves, run, lines_last, last, kernel);
}

// The direct path on one thread without streaming stores, the path of most
// small arrays: `value` stored into the `count` elements at `out`, runs of
// `run` elements, as store_direct stores them, but inlined here with the
// expression's reader, at a fixed cost per evaluation about half that of
// handing the runs to the expression's kernel (about 18 ns against 36 for
// `(3, 4) + (4,)` float32). The one part of the direct path compiled per
// expression.
template <element D, expression E>
void store_direct_inline(D* out, const E& value, std::span<const leaf_entry> leaves, index_t run, index_t count) {
    constexpr std::size_t N = leaf_count<E>;
    std::array<const std::byte*, N> at;  // each leaf's next element
    std::array<index_t, N> step;         // and the bytes it moves on by from one run to the next
    for (std::size_t j = 0; j < N; ++j) {
        at[j] = leaves[j].first;
        step[j] = run_step(leaves[j], run);
    }
    const auto each_run = [&](auto store_run) {
        for (D* const stop = out + count; out != stop; out += run) {
            store_run(out, in_place_reader<no_splat, 0>(value, at.data()));
            for (std::size_t j = 0; j < N; ++j) at[j] += step[j];
        }
    };
    // Two loops, so that each holds one way of storing a run (Note [short runs] in simd.hpp).
    using reader = decltype(in_place_reader<no_splat, 0>(value, at.data()));
    if constexpr (simd::batches_give_scalar_bits<reader, D>) {
        if (run < simd::batch_lanes<D>) return each_run([&](D* to, const reader& r) { simd::store_short(to, r, run); });
    }
    each_run([&](D* to, const reader& r) { store_block(to, r, run); });
}

}  // namespace detail

/// Stores an expression into the `count` contiguous elements of
/// `element_bytes` at `data` by the direct path that choose_path chose
/// (Note [choosing a path] in choose_path.hpp) and its kernel: `leaves` and
/// `run` are direct_run's, and it runs on `threads` threads, streaming its
/// stores when `stream` says so (one thread without streaming is
/// store_direct_inline's). Compiled once for every expression.
[[gnu::noinline]] inline void run_direct(std::byte* data, index_t element_bytes, std::span<const leaf_entry> leaves,
                                         index_t run, index_t count, int threads, bool stream, kernel_ref kernel) {
    const index_t unit = detail::direct_unit(run, count);
    parallel_for(count / unit, threads, [&](index_t first, index_t last) {
        if (stream) {
            detail::record_streaming();  // Note [path trace]
            detail::stream_direct(data, element_bytes, leaves, run, first, last, kernel);
            streaming_fence();
        } else {
            detail::store_direct(data + first * unit * element_bytes, element_bytes, leaves, run, first * unit,
                                 last * unit, kernel);
        }
    });
}

}  // namespace loom
