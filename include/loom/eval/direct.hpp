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
// scalar it repeats (Note [unbuffered runs]). Each run is stored by the store kernel's store_block (or
// simd::store_short when it is shorter than a SIMD batch, Note [short
// runs] in simd.hpp), through a reader made of the leaves'
// addresses (in_place_reader, readers.hpp). Aliasing reduces to one
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
#include "loom/eval/path_trace.hpp"
#include "loom/eval/readers.hpp"
#include "loom/eval/store_kernel.hpp"
#include "loom/eval/streaming_stores.hpp"
#include "loom/eval/threads.hpp"
#include "loom/eval/thresholds.hpp"
#include "loom/expr/expression.hpp"

namespace loom {

namespace detail {

// A leaf as the direct path reads it: its first element, its layout and the
// size of an element.
struct direct_leaf {
    const std::byte* first;
    const strided_layout* layout;
    index_t element_bytes;
};

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
inline index_t bytes_of(const direct_leaf& leaf) { return leaf.layout->size() * leaf.element_bytes; }

// The elements of one unit of work of the direct path, with runs of `run`
// of its `count` elements: threads take pieces of whole runs, or of
// elements when there is one run.
inline index_t direct_unit(index_t run, index_t count) { return run == count ? 1 : run; }

// True when a leaf's elements share a byte with the `bytes` at `destination`.
// The destination and the leaves the direct path takes hold elements, so
// neither address is null (memory_span's meets tests for that): the two
// ranges are compared alone.
inline bool meets(const direct_leaf& leaf, const std::byte* destination, index_t bytes) {
    return byte_ranges_meet(leaf.first, bytes_of(leaf), destination, bytes);
}

// The run of the direct path (the smallest leaf's size) when `leaves` allow
// it into the row-major memory at `destination`, laid out as `layout` with
// elements of `element_bytes`, else 0 (Note [direct path]). One function
// for every expression, apart from the templates that gather the leaves.
inline index_t direct_run(const std::byte* destination, const strided_layout& layout, index_t element_bytes,
                          std::span<const direct_leaf> leaves, bool fresh) {
    const index_t count = layout.size();
    index_t run = count;  // the one size below the destination's that leaves may have
    for (const direct_leaf& leaf : leaves) {
        const strided_layout& own = *leaf.layout;
        if (!own.is_row_major() || !is_trailing_block(own.shape(), layout.shape())) return 0;
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

// `count` results of `value` stored at `out` in one run, leaf k read from
// at[k]: by simd::store_short when they are fewer than a SIMD batch (Note
// [short runs] in simd.hpp), else by store_block.
template <element D, expression E, std::size_t N>
void store_in_one_run(D* out, const E& value, const std::array<const std::byte*, N>& at, index_t count) {
    const auto reader = in_place_reader<no_splat, 0>(value, at.data());
    if constexpr (simd::batches_give_scalar_bits<decltype(reader), D>) {
        if (count < simd::batch_lanes<D>) return simd::store_short(out, reader, count);
    }
    store_block(out, reader, count);
}

// Elements [first, last) of the direct path, element k stored at
// out[k - first]: runs of `run` elements (first and last are multiples of
// it), or one run when every leaf has the destination's size (run is then
// the whole count).
template <element D, expression E, std::size_t N>
void store_direct(D* out, const E& value, const std::array<direct_leaf, N>& leaves, index_t run, index_t first,
                  index_t last) {
    // A leaf's bytes, which a leaf smaller than the destination repeats.
    const auto extent = [&](std::size_t j) { return bytes_of(leaves[j]); };
    std::array<const std::byte*, N> at;  // each leaf's element `first`
    for (std::size_t j = 0; j < N; ++j) {
        at[j] = leaves[j].first + (first == 0 ? 0 : first * leaves[j].element_bytes % extent(j));
    }
    if (last - first <= run) return store_in_one_run(out, value, at, last - first);
    if constexpr (N > 0) {  // else one run
        // A leaf of one run's size is read again for each run; the others,
        // of the destination's size, move on by a run.
        std::array<index_t, N> step;
        for (std::size_t j = 0; j < N; ++j) {
            step[j] = leaves[j].layout->size() == run ? 0 : run * leaves[j].element_bytes;
        }
        const auto each_run = [&](auto store_run) {
            for (D* const stop = out + (last - first); out != stop; out += run) {
                store_run(out, in_place_reader<no_splat, 0>(value, at.data()));
                for (std::size_t j = 0; j < N; ++j) at[j] += step[j];
            }
        };
        // Two loops, so that each holds one way of storing a run (Note [short runs] in simd.hpp).
        using reader = decltype(in_place_reader<no_splat, 0>(value, at.data()));
        if constexpr (simd::batches_give_scalar_bits<reader, D>) {
            if (run < simd::batch_lanes<D>) {
                return each_run([&](D* to, const reader& r) { simd::store_short(to, r, run); });
            }
        }
        each_run([&](D* to, const reader& r) { store_block(to, r, run); });
    }
}

// True when the direct path in one run into the `count` elements at
// `destination` streams its stores (Note [streaming stores]): the bytes
// it touches are beyond the threshold, and no leaf shares memory with
// the destination.
template <element D, std::size_t N>
bool streams_into(const D* destination, index_t count, const std::array<direct_leaf, N>& leaves) {
    const index_t bytes = count * index_t{sizeof(D)};
    index_t touched = bytes;
    for (const direct_leaf& leaf : leaves) {
        if (meets(leaf, reinterpret_cast<const std::byte*>(destination), bytes)) return false;
        touched += bytes_of(leaf);
    }
    return streams(static_cast<std::size_t>(touched));
}

// Elements [first, last) of the direct path in one run of `run` elements
// (the whole destination), with streaming stores: the elements up to the
// first cache line boundary and after the last are stored as usual; the
// lines between are computed by store_direct into a buffer that stays in
// the L1 cache, a buffer at a time, and streamed out. The caller fences.
// The one store_direct of the expression does all of it, so streaming
// compiles no second copy of its loop.
template <element D, expression E, std::size_t N>
void stream_direct(D* data, const E& value, const std::array<direct_leaf, N>& leaves, index_t run, index_t first,
                   index_t last) {
    constexpr auto line_size = static_cast<index_t>(streaming_line_bytes / sizeof(D));
    constexpr index_t buffer_size = 4096 / static_cast<index_t>(sizeof(D));
    const auto misalignment = reinterpret_cast<std::uintptr_t>(data + first) % streaming_line_bytes;
    // Elements are aligned to their size, so whole elements reach the boundary (checked all the same).
    if (streaming_line_bytes % sizeof(D) != 0 || misalignment % sizeof(D) != 0) {
        store_direct(data + first, value, leaves, run, first, last);
        return;
    }
    const auto head = std::min(last - first, static_cast<index_t>((streaming_line_bytes - misalignment) %
                                                                  streaming_line_bytes / sizeof(D)));
    if (head > 0) store_direct(data + first, value, leaves, run, first, first + head);
    alignas(streaming_line_bytes) D buffer[buffer_size];
    index_t done = first + head;
    while (last - done >= line_size) {
        const index_t n = std::min(buffer_size, (last - done) / line_size * line_size);
        store_direct(buffer, value, leaves, run, done, done + n);
        stream_lines(reinterpret_cast<std::byte*>(data + done), reinterpret_cast<const std::byte*>(buffer),
                     static_cast<std::size_t>(n) * sizeof(D));
        done += n;
    }
    if (done < last) store_direct(data + done, value, leaves, run, done, last);
}

}  // namespace detail

/// Stores `value` into the `count` contiguous elements at `data` by the
/// direct path that choose_path chose (Note [choosing a path] in
/// choose_path.hpp): `leaves` and `run` are direct_run's, and it runs on
/// `threads` threads, streaming its stores when `stream` says so.
template <element D, expression E, std::size_t N>
void run_direct(D* data, const E& value, const std::array<detail::direct_leaf, N>& leaves, index_t run,
                index_t count, int threads, bool stream) {
    if (threads == 1 && !stream) {
        detail::store_direct(data, value, leaves, run, 0, count);
        return;
    }
    const index_t unit = detail::direct_unit(run, count);
    parallel_for(count / unit, threads, [&](index_t first, index_t last) {
        if (stream) {
            detail::record_streaming();  // Note [path trace]
            detail::stream_direct(data, value, leaves, run, first, last);
            streaming_fence();
        } else {
            detail::store_direct(data + first * unit, value, leaves, run, first * unit, last * unit);
        }
    });
}

}  // namespace loom
